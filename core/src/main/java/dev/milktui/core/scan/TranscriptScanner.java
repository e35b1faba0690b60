package dev.milktui.core.scan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.milktui.core.protocol.AssistantMessage;
import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.protocol.ContentBlock;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.NdjsonReader;
import dev.milktui.core.protocol.PermissionDenial;
import dev.milktui.core.protocol.ResultMessage;
import dev.milktui.core.protocol.StreamEvent;
import dev.milktui.core.protocol.StreamEventMessage;
import dev.milktui.core.protocol.SystemMessage;
import dev.milktui.core.protocol.UserMessage;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a stream-json transcript or a session record line by line (never the whole file at once)
 * and sums it up as a {@link ScanReport}. Each line is skimmed with Jackson's streaming parser
 * ({@link LineSkim}): only what the report uses is read, and its outcomes are read as a live
 * session reads them. Memory does not grow with the file: a line is let go once summed up, a turn's
 * calls are kept only while they can still be listed ({@link ScanTurn}), the report lists at most a
 * fixed number of calls, denials and errors (counting all of them), and what it keeps of a call's
 * input is small.
 */
public final class TranscriptScanner {
  /** Malformed lines beyond this many are counted but not listed one by one. */
  static final int LISTED_MALFORMED_LINES = 20;

  /** Tool calls, stream-closed calls and denials beyond this many each are counted, not listed. */
  static final int LISTED_CALLS = 1000;

  /** Failed turns beyond this many are counted, not listed. */
  static final int LISTED_ERRORS = 100;

  /** The longest string kept in a reported tool input: a Write's content can be a whole file. */
  static final int INPUT_TEXT_CHARS = 4 * 1024;

  /** The most characters of strings kept of one reported input, over all its strings. */
  static final int INPUT_TOTAL_CHARS = 4 * INPUT_TEXT_CHARS;

  /**
   * How many denial ids are remembered to report each denial once: results repeat the denials of
   * their turn, not of the whole session, so a recent window is enough.
   */
  private static final int REMEMBERED_IDS = 10_000;

  private final String file;
  private final Listing<ScanReport.Tool> tools = new Listing<>(LISTED_CALLS);
  private final Listing<ScanReport.Tool> streamClosed = new Listing<>(LISTED_CALLS);
  private final StreamClosedFix fix = new StreamClosedFix();
  private final ScanTurn turn = new ScanTurn(tools, streamClosed, fix);
  private final Listing<PermissionDenial> denials = new Listing<>(LISTED_CALLS);
  private final Set<String> deniedIds = recentIds();
  private final Listing<String> errors = new Listing<>(LISTED_ERRORS);
  private long lines;
  private long malformed;
  private String sessionId;
  private String claudeVersion;
  private String workingDirectory;
  private ResultMessage lastResult;
  private int turns;

  private TranscriptScanner(String file) {
    this.file = file;
  }

  /** Scans a file; {@code name} is how the report names it. */
  public static ScanReport scan(String name, Path path) throws IOException {
    try (InputStream in = Files.newInputStream(path)) {
      return scan(name, in);
    }
  }

  /** Scans a stream to its end; a read failure is thrown, not reported as a partial scan. */
  public static ScanReport scan(String name, InputStream in) throws IOException {
    return scan(name, in, Runtime.getRuntime().availableProcessors());
  }

  /** {@code workers}: how many threads read lines ({@link OrderedLines}). */
  static ScanReport scan(String name, InputStream in, int workers) throws IOException {
    TranscriptScanner scanner = new TranscriptScanner(name);
    // Strings are kept whole: a record entry's line is JSON inside a string.
    int maxLineBytes = NdjsonReader.maxLineBytesFor(Runtime.getRuntime().maxMemory());
    OrderedLines.read(in, maxLineBytes, workers, LineReading::new, scanner::take);
    return scanner.report();
  }

  /** One line's outcome, in the file's order. */
  private void take(LineOutcome outcome) {
    lines++;
    if (outcome instanceof LineOutcome.Facts facts) {
      session(facts.sessionId());
      init(facts.claudeVersion(), facts.cwd());
    } else if (outcome instanceof LineOutcome.Message message) {
      summarise(message.message());
    } else if (outcome instanceof LineOutcome.Malformed bad) {
      malformed(bad.lineNumber(), bad.reason());
    }
  }

  private void malformed(long lineNumber, String reason) {
    malformed++;
    if (malformed <= LISTED_MALFORMED_LINES) {
      errors.add("line " + lineNumber + ": " + reason);
    }
  }

  static Set<String> recentIds() {
    return Collections.newSetFromMap(
        new LinkedHashMap<>() {
          private static final long serialVersionUID = 1L;

          @Override
          protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
            return size() > REMEMBERED_IDS;
          }
        });
  }

  private void session(String id) {
    if (id != null && !id.isEmpty()) {
      sessionId = id;
    }
  }

  private void init(String version, String cwd) {
    if (version != null) {
      claudeVersion = version;
    }
    if (cwd != null) {
      workingDirectory = cwd;
    }
  }

  private void summarise(CliMessage message) {
    session(message.sessionId());
    if (message instanceof SystemMessage.Init init) {
      init(init.claudeVersion(), init.cwd());
    } else if (message instanceof SystemMessage.PermissionDenied denied) {
      if (denied.toolUseId() != null) {
        turn.denied(denied.toolUseId());
      }
    } else if (message instanceof StreamEventMessage event
        && event.event() instanceof StreamEvent.ContentBlockStart start
        && start.block() instanceof ContentBlock.ToolUse use
        && use.id() != null) {
      turn.announce(use.id(), use.name());
    } else if (message instanceof AssistantMessage assistant) {
      for (ContentBlock block : assistant.content()) {
        if (block instanceof ContentBlock.ToolUse use && use.id() != null) {
          turn.input(use.id(), use.name(), use.input(), workingDirectory);
        }
      }
    } else if (message instanceof UserMessage user) {
      for (ContentBlock block : user.content()) {
        if (block instanceof ContentBlock.ToolResult result && result.toolUseId() != null) {
          turn.result(result, user, workingDirectory);
        }
      }
    } else if (message instanceof ResultMessage result) {
      result(result);
    }
  }

  private void result(ResultMessage result) {
    turns++;
    lastResult = result;
    for (PermissionDenial denial : result.permissionDenials()) {
      if (deniedIds.add(String.valueOf(denial.toolUseId()))) {
        denials.add(
            denials.isFull()
                ? denial
                : new PermissionDenial(
                    denial.toolName(), denial.toolUseId(), shortened(denial.toolInput()).node()));
      }
    }
    turn.end(result);
    if (result.isError()) {
      errors.add(describeFailure(turns, result));
    }
  }

  /** A copy of an input as reported, and whether anything of it was cut. */
  record Shortened(JsonNode node, boolean cut) {}

  /**
   * A copy with every string longer than {@link #INPUT_TEXT_CHARS} cut, with a marker, and at most
   * {@link #INPUT_TOTAL_CHARS} of strings kept in all (an input of many long strings is cut too).
   */
  static Shortened shortened(JsonNode node) {
    int[] budget = {INPUT_TOTAL_CHARS, 0};
    JsonNode copy = shortened(node, budget);
    return new Shortened(copy, budget[1] > 0);
  }

  /** {@code budget}: the characters still to keep, and how many strings were cut. */
  private static JsonNode shortened(JsonNode node, int[] budget) {
    if (node == null) {
      return null;
    }
    if (node.isTextual()) {
      String text = node.textValue();
      int keep = Math.min(text.length(), Math.min(INPUT_TEXT_CHARS, budget[0]));
      if (keep == text.length()) {
        budget[0] -= keep;
        return node;
      }
      int end = keep > 0 && Character.isHighSurrogate(text.charAt(keep - 1)) ? keep - 1 : keep;
      budget[0] -= end;
      budget[1]++;
      return TextNode.valueOf(
          text.substring(0, end) + "… [" + (text.length() - end) + " more characters]");
    }
    if (node.isObject()) {
      ObjectNode copy = Json.object();
      node.properties().forEach(e -> copy.set(e.getKey(), shortened(e.getValue(), budget)));
      return copy;
    }
    if (node.isArray()) {
      ArrayNode copy = Json.array();
      node.forEach(item -> copy.add(shortened(item, budget)));
      return copy;
    }
    return node;
  }

  private static String describeFailure(int turn, ResultMessage result) {
    StringBuilder text = new StringBuilder("turn " + turn + " failed");
    String reason = result.terminalReason() != null ? result.terminalReason() : result.subtype();
    if (reason != null) {
      text.append(" (").append(reason);
      if (result.apiErrorStatus() != null) {
        text.append(", HTTP ").append(result.apiErrorStatus());
      }
      text.append(')');
    }
    List<String> details = new ArrayList<>(result.errors());
    if (result.result() != null && !result.result().isBlank()) {
      details.add(0, result.result());
    }
    if (!details.isEmpty()) {
      text.append(": ").append(String.join("; ", details));
    }
    return text.toString();
  }

  private ScanReport report() {
    // A transcript cut off mid-turn still lists the calls it announced.
    turn.cutOff();
    return new ScanReport(
        file,
        lines,
        malformed,
        sessionId,
        claudeVersion,
        workingDirectory,
        turns,
        lastResult != null && lastResult.isError(),
        lastResult == null ? null : lastResult.terminalReason(),
        lastResult == null ? BigDecimal.ZERO : cost(lastResult),
        tools.listed(),
        streamClosed.listed(),
        denials.listed(),
        errors.listed(),
        fix.rules());
  }

  private static BigDecimal cost(ResultMessage result) {
    JsonNode raw = result.raw().get("total_cost_usd");
    return raw != null && raw.isNumber() ? raw.decimalValue() : BigDecimal.ZERO;
  }
}
