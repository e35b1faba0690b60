package dev.milktui.core.scan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolCall;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.event.TurnSummary;
import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.LineSink;
import dev.milktui.core.protocol.MalformedLine;
import dev.milktui.core.protocol.MessageParser;
import dev.milktui.core.protocol.NdjsonReader;
import dev.milktui.core.protocol.PermissionDenial;
import dev.milktui.core.protocol.ResultMessage;
import dev.milktui.core.protocol.SystemMessage;
import dev.milktui.core.protocol.UnknownMessage;
import dev.milktui.core.record.RecordFile;
import dev.milktui.core.turn.TurnAccumulator;
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
 * Reads a stream-json transcript line by line (never the whole file at once) through the same
 * reader and accumulator as a live session, and sums it up as a {@link ScanReport}. Memory does not
 * grow with the file: a line is let go once summed up, the report lists at most a fixed number of
 * calls, denials and errors (counting all of them), and what it keeps of a call's input is small.
 */
public final class TranscriptScanner implements LineSink {
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
  private static final int REMEMBERED_DENIALS = 10_000;

  private final String file;
  private final TurnAccumulator accumulator = new TurnAccumulator(this::event);
  private final Listing<ScanReport.Tool> tools = new Listing<>(LISTED_CALLS);
  private final Listing<ScanReport.Tool> streamClosed = new Listing<>(LISTED_CALLS);
  private final StreamClosedFix fix = new StreamClosedFix();
  private final Listing<PermissionDenial> denials = new Listing<>(LISTED_CALLS);
  private final Set<String> deniedIds = recentIds();
  private final Listing<String> errors = new Listing<>(LISTED_ERRORS);
  private long lines;
  private long malformed;
  private String claudeVersion;
  private String workingDirectory;
  private ResultMessage lastResult;
  private int turns;
  private IOException failure;

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
    TranscriptScanner scanner = new TranscriptScanner(name);
    // Strings are kept whole: a record entry's line is JSON inside a string.
    int maxLineBytes = NdjsonReader.maxLineBytesFor(Runtime.getRuntime().maxMemory());
    new NdjsonReader(in, maxLineBytes, scanner).run();
    if (scanner.failure != null) {
      throw scanner.failure;
    }
    return scanner.report();
  }

  @Override
  public void message(CliMessage message) {
    lines++;
    if (message instanceof UnknownMessage unknown && RecordFile.isEntry(unknown.raw())) {
      // A milk-tui session record: only what claude printed counts, host and stderr lines not.
      RecordFile.cliLine(unknown.raw()).ifPresent(this::recordedLine);
      return;
    }
    summarise(message);
  }

  private void recordedLine(String line) {
    try {
      JsonNode node = Json.MAPPER.readTree(line);
      if (node != null && node.isObject()) {
        summarise(MessageParser.parse(node));
        return;
      }
    } catch (IOException e) {
      // Counted below like any malformed line.
    }
    malformed++;
    if (malformed <= LISTED_MALFORMED_LINES) {
      errors.add("line " + lines + ": recorded claude output is not a JSON object");
    }
  }

  private static Set<String> recentIds() {
    return Collections.newSetFromMap(
        new LinkedHashMap<>() {
          private static final long serialVersionUID = 1L;

          @Override
          protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
            return size() > REMEMBERED_DENIALS;
          }
        });
  }

  private void summarise(CliMessage message) {
    if (message instanceof SystemMessage.Init init) {
      if (init.claudeVersion() != null) {
        claudeVersion = init.claudeVersion();
      }
      if (init.cwd() != null) {
        workingDirectory = init.cwd();
      }
    } else if (message instanceof ResultMessage result) {
      turns++;
      lastResult = result;
      for (PermissionDenial denial : result.permissionDenials()) {
        if (deniedIds.add(String.valueOf(denial.toolUseId()))) {
          denials.add(
              denials.isFull()
                  ? denial
                  : new PermissionDenial(
                      denial.toolName(), denial.toolUseId(), shortened(denial.toolInput())));
        }
      }
    }
    accumulator.accept(message);
  }

  @Override
  public void malformed(MalformedLine line) {
    lines++;
    malformed++;
    if (malformed <= LISTED_MALFORMED_LINES) {
      errors.add("line " + line.lineNumber() + ": " + line.reason());
    }
  }

  @Override
  public void end(IOException failure) {
    this.failure = failure;
  }

  private void event(SessionEvent event) {
    // The summary has each call's final outcome (a result's denials can still change it).
    if (event instanceof SessionEvent.TurnFinished finished) {
      TurnSummary turn = finished.summary();
      turn.tools().forEach(this::addTool);
      if (turn.isError()) {
        errors.add(describeFailure(turn));
      }
    }
  }

  private void addTool(ToolCall call) {
    ToolOutcome outcome = call.finished() ? call.outcome() : ToolOutcome.NO_RESULT;
    ScanReport.Tool whole =
        new ScanReport.Tool(call.toolUseId(), call.name(), call.input(), outcome);
    if (outcome == ToolOutcome.STREAM_CLOSED) {
      // The fix needs every call's whole input; the listing keeps a shortened copy.
      fix.add(workingDirectory, whole);
      streamClosed.add(streamClosed.isFull() ? whole : shortened(whole));
    }
    tools.add(tools.isFull() ? whole : shortened(whole));
  }

  private static ScanReport.Tool shortened(ScanReport.Tool call) {
    return new ScanReport.Tool(
        call.toolUseId(), call.name(), shortened(call.input()), call.outcome());
  }

  /**
   * A copy with every string longer than {@link #INPUT_TEXT_CHARS} cut, with a marker, and at most
   * {@link #INPUT_TOTAL_CHARS} of strings kept in all (an input of many long strings is cut too).
   */
  static JsonNode shortened(JsonNode node) {
    return shortened(node, new int[] {INPUT_TOTAL_CHARS});
  }

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
      return TextNode.valueOf(
          text.substring(0, end) + "… [" + (text.length() - end) + " more characters]");
    }
    if (node.isObject()) {
      ObjectNode copy = Json.object();
      node.properties().forEach(e -> copy.set(e.getKey(), shortened(e.getValue(), budget)));
      return copy;
    }
    if (node.isArray()) {
      ArrayNode copy = Json.MAPPER.createArrayNode();
      node.forEach(item -> copy.add(shortened(item, budget)));
      return copy;
    }
    return node;
  }

  private static String describeFailure(TurnSummary turn) {
    StringBuilder text = new StringBuilder("turn " + turn.turnNumber() + " failed");
    String reason = turn.terminalReason() != null ? turn.terminalReason() : turn.subtype();
    if (reason != null) {
      text.append(" (").append(reason);
      if (turn.apiErrorStatus() != null) {
        text.append(", HTTP ").append(turn.apiErrorStatus());
      }
      text.append(')');
    }
    List<String> details = new ArrayList<>(turn.errors());
    if (turn.resultText() != null && !turn.resultText().isBlank()) {
      details.add(0, turn.resultText());
    }
    if (!details.isEmpty()) {
      text.append(": ").append(String.join("; ", details));
    }
    return text.toString();
  }

  private ScanReport report() {
    // A transcript cut off mid-turn still lists the calls it announced.
    accumulator.currentTools().forEach(this::addTool);
    return new ScanReport(
        file,
        lines,
        malformed,
        accumulator.sessionId(),
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
