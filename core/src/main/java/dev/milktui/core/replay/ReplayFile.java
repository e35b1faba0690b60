package dev.milktui.core.replay;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.conversation.ToolNames;
import dev.milktui.core.history.SessionRecords;
import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.LineSink;
import dev.milktui.core.protocol.MalformedLine;
import dev.milktui.core.protocol.NdjsonReader;
import dev.milktui.core.record.RecordFile;
import dev.milktui.core.scan.RecordedLine;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Reads a file to replay, of whichever kind its content shows (never its name): a milk-tui session
 * record, Claude's own session file ({@code <config>/projects/<folder>/<id>.jsonl}), claude's
 * stream-json output as captured, or a replay script ({@code milk_replay} directives, the demo's).
 * Lines are framed by the reader {@code milk-tui scan} uses, and a record's claude lines are
 * unescaped in place as the scan reads them. The first line that is a JSON object decides the kind;
 * later lines of no kind are skipped. What the recording asked the user (permission requests,
 * forms) becomes a note of what was answered, so a replay never asks anything. Each tool call's
 * input and output is kept up to a preview ({@link ToolPreviews}), so memory is bounded by those
 * caps rather than by the size of the outputs recorded.
 */
public final class ReplayFile {
  /** The kinds of file a replay reads, as the user would name them. */
  public enum Kind {
    RECORD("a milk-tui session record"),
    CLAUDE_SESSION("a Claude session file"),
    STREAM_JSON("claude stream-json output"),
    SCRIPT("a milk-tui replay script");

    private final String description;

    Kind(String description) {
      this.description = description;
    }

    public String description() {
      return description;
    }
  }

  /** A file that cannot be replayed; the message says why in a few words. */
  public static final class NotReplayable extends Exception {
    private static final long serialVersionUID = 1L;

    public NotReplayable(String reason) {
      super(reason);
    }
  }

  /** What was read: its kind and the script that plays it. */
  public record Loaded(Kind kind, ReplayScript script) {}

  /** A pause longer than this in the recording is shortened to it when played at a speed. */
  static final Duration LONGEST_PAUSE = Duration.ofSeconds(5);

  private static final int SNIFF_BYTES = 8 * 1024;

  private static final BytePattern CONTROL_REQUEST = new BytePattern("\"control_request\"");

  private ReplayFile() {}

  public static Loaded read(Path file) throws NotReplayable {
    List<ReplayScript.Item> items = new ArrayList<>();
    return whole(read(file, items::add), items);
  }

  /**
   * Reads {@code file}, handing a recording's items to {@code recording} as they are read, so it
   * can be played without being held: the script returned is then empty. A replay script, whose
   * turns wait for the user, is returned whole.
   */
  public static Loaded read(Path file, Consumer<ReplayScript.Item> recording) throws NotReplayable {
    if (Files.isDirectory(file)) {
      throw new NotReplayable("is a directory");
    }
    try (InputStream in = Files.newInputStream(file)) {
      return read(in, recording);
    } catch (NoSuchFileException e) {
      throw new NotReplayable("no such file");
    } catch (AccessDeniedException e) {
      throw new NotReplayable("permission denied");
    } catch (IOException e) {
      throw new NotReplayable("cannot be read (" + e.getClass().getSimpleName() + ")");
    }
  }

  public static Loaded read(InputStream input) throws IOException, NotReplayable {
    List<ReplayScript.Item> items = new ArrayList<>();
    return whole(read(input, items::add), items);
  }

  private static Loaded whole(Loaded read, List<ReplayScript.Item> items) {
    return read.kind() == Kind.SCRIPT
        ? read
        : new Loaded(read.kind(), ReplayScript.recording(items));
  }

  private static Loaded read(InputStream input, Consumer<ReplayScript.Item> recording)
      throws IOException, NotReplayable {
    PushbackInputStream in = new PushbackInputStream(input, SNIFF_BYTES);
    byte[] start = in.readNBytes(SNIFF_BYTES);
    in.unread(start);
    if (start.length == 0) {
      throw new NotReplayable("is empty");
    }
    for (byte b : start) {
      if (b == 0) {
        throw new NotReplayable("is binary data, not JSON lines");
      }
    }
    Reader reader = new Reader(recording);
    int maxLineBytes = NdjsonReader.maxLineBytesFor(Runtime.getRuntime().maxMemory());
    NdjsonReader.framing(in, maxLineBytes, reader).run();
    if (reader.failure != null) {
      throw reader.failure;
    }
    return reader.loaded();
  }

  /** Reads the lines, deciding the kind on the first JSON object. */
  private static final class Reader implements LineSink {
    private final Consumer<ReplayScript.Item> items;
    private final ToolPreviews previews = new ToolPreviews(ToolPreviews.BUDGET_CHARS);
    private final StringBuilder script = new StringBuilder();
    private final Map<String, String> askedTools = new HashMap<>();
    private Kind kind;
    private long jsonLines;
    private long lines;
    private Instant last;
    private long delay;
    private boolean prompted;
    // The second of the last entry's time, as written ("2026-12-03T10:00:00") and parsed.
    private final byte[] secondText = new byte["2026-12-03T10:00:00".length()];
    private Instant second;
    private IOException failure;

    Reader(Consumer<ReplayScript.Item> items) {
      this.items = items;
    }

    @Override
    public void rawLine(byte[] bytes, int offset, int length) {
      lines++;
      int start = RecordedLine.start(bytes, offset, length);
      if (start >= 0 && (kind == null || kind == Kind.RECORD)) {
        try {
          int end = RecordedLine.unescape(bytes, start, offset + length);
          kind = Kind.RECORD;
          jsonLines++;
          pauseUntil(recordedTime(bytes, offset, start));
          fromClaude(bytes, start, end - start);
        } catch (RecordedLine.Malformed e) {
          // A torn entry (a crash mid-write) is skipped, as any unreadable line.
        }
        return;
      }
      JsonNode node = parse(bytes, offset, length);
      if (node == null) {
        return;
      }
      jsonLines++;
      Kind lineKind = kindOf(node);
      if (kind == null) {
        kind = lineKind;
      }
      if (kind == Kind.SCRIPT) {
        // A script's played lines are claude's, between its directives.
        script.append(new String(bytes, offset, length, StandardCharsets.UTF_8)).append('\n');
        return;
      }
      if (kind == null || lineKind != kind) {
        return;
      }
      switch (kind) {
        case RECORD -> entry(node);
        case CLAUDE_SESSION -> sessionRecord(node, bytes, offset, length);
        default -> fromClaude(node, bytes, offset, length);
      }
    }

    @Override
    public void message(CliMessage message) {
      throw new IllegalStateException("a framing reader hands over raw lines only");
    }

    @Override
    public void malformed(MalformedLine line) {
      lines++;
    }

    @Override
    public void end(IOException failure) {
      this.failure = failure;
    }

    Loaded loaded() throws NotReplayable {
      if (kind == null) {
        throw new NotReplayable(
            jsonLines == 0
                ? "is not JSON lines (" + lines + " lines, none a JSON object)"
                : "is JSON of another shape: not a milk-tui session record, a Claude session file"
                    + " or claude stream-json output");
      }
      if (kind == Kind.SCRIPT) {
        try {
          return new Loaded(
              kind, ReplayScript.parse(new BufferedReader(new StringReader(script.toString()))));
        } catch (IOException e) {
          throw new NotReplayable("is a replay script that cannot be played: " + e.getMessage());
        }
      }
      if (kind == Kind.CLAUDE_SESSION && prompted) {
        items.accept(new ReplayScript.EndTurn());
      }
      return new Loaded(kind, ReplayScript.recording(List.of()));
    }

    private static Kind kindOf(JsonNode node) {
      if (node.has("milk_replay")) {
        return Kind.SCRIPT;
      }
      if (RecordFile.isEntry(node)) {
        return Kind.RECORD;
      }
      String type = Json.text(node, "type");
      if (type == null) {
        return null;
      }
      if (node.has("sessionId") || node.has("uuid") && node.has("parentUuid")) {
        return Kind.CLAUDE_SESSION;
      }
      if (node.has("session_id")
          || type.equals("control_request")
          || type.equals("control_response")) {
        return Kind.STREAM_JSON;
      }
      return null;
    }

    /** An entry not in the exact shape milk-tui writes (the quick path above takes those). */
    private void entry(JsonNode node) {
      pauseUntil(instant(Json.text(node, "ts")));
      String line = Json.text(node, "line");
      if (line == null) {
        return;
      }
      switch (String.valueOf(Json.text(node, RecordFile.DIRECTION))) {
        case RecordFile.FROM_CLAUDE -> {
          byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
          fromClaude(bytes, 0, bytes.length);
        }
        case "host" -> fromHost(line);
        default -> {
          // stderr is the log of claude, not the conversation.
        }
      }
    }

    /** A line claude printed; a question to the user becomes a note, never a dialog. */
    private void fromClaude(byte[] bytes, int offset, int length) {
      if (CONTROL_REQUEST.in(bytes, offset, length)) {
        JsonNode node = parse(bytes, offset, length);
        if (node != null) {
          fromClaude(node, bytes, offset, length);
          return;
        }
      }
      items.accept(new ReplayScript.Line(previews.of(bytes, offset, length)));
    }

    /** {@link #fromClaude(byte[], int, int)} of a line parsed as {@code node}. */
    private void fromClaude(JsonNode node, byte[] bytes, int offset, int length) {
      if (!"control_request".equals(Json.text(node, "type"))) {
        items.accept(new ReplayScript.Line(previews.of(node, bytes, offset, length)));
        return;
      }
      JsonNode request = node.path("request");
      if ("can_use_tool".equals(Json.text(request, "subtype"))) {
        askedTools.put(
            String.valueOf(Json.text(node, "request_id")),
            ToolNames.shown(String.valueOf(Json.text(request, "tool_name"))));
      }
    }

    /** What milk-tui sent: the user's messages, and the answers to permission requests. */
    private void fromHost(String line) {
      JsonNode node = parse(line);
      if (node == null) {
        return;
      }
      if ("user".equals(Json.text(node, "type"))) {
        SessionRecords.prompt(node).ifPresent(text -> items.accept(new ReplayScript.Prompt(text)));
        return;
      }
      JsonNode response = node.path("response");
      String tool = askedTools.remove(String.valueOf(Json.text(response, "request_id")));
      if (!"control_response".equals(Json.text(node, "type")) || tool == null) {
        return;
      }
      JsonNode answer = response.path("response");
      String behavior = Json.text(answer, "behavior");
      String reason = Json.text(answer, "message");
      items.accept(
          new ReplayScript.Note(
              "allow".equals(behavior)
                  ? "Permission for " + tool + ": allowed."
                  : "Permission for "
                      + tool
                      + ": denied"
                      + (reason == null || reason.isBlank() ? "." : " (" + reason + ").")));
    }

    /** A record of Claude's session file: the user's prompts and the main conversation. */
    private void sessionRecord(JsonNode node, byte[] bytes, int offset, int length) {
      pauseUntil(instant(Json.text(node, "timestamp")));
      var prompt = SessionRecords.prompt(node);
      if (prompt.isPresent()) {
        if (prompted) {
          items.accept(new ReplayScript.EndTurn());
        }
        prompted = true;
        items.accept(new ReplayScript.Prompt(prompt.get()));
      } else if (SessionRecords.shown(node)) {
        items.accept(new ReplayScript.Line(previews.of(node, bytes, offset, length)));
      }
    }

    private void pauseUntil(Instant at) {
      if (at == null) {
        return;
      }
      if (last != null && at.isAfter(last)) {
        Duration gap = Duration.between(last, at);
        long millis = (gap.compareTo(LONGEST_PAUSE) > 0 ? LONGEST_PAUSE : gap).toMillis();
        // A delay holds until the next: most lines follow the last within the same millisecond,
        // and a delay item each would be half of what a recording's script holds.
        if (millis != delay) {
          items.accept(new ReplayScript.Delay(millis));
          delay = millis;
        }
      }
      last = at;
    }

    /**
     * The {@code ts} of an entry in the exact shape: right after its opening. Parsing an instant
     * costs more than the rest of a line, so the entries of one second reuse its parse and read
     * only their fraction.
     */
    private Instant recordedTime(byte[] bytes, int offset, int lineStart) {
      int from = offset + "{\"ts\":\"".length();
      int to = from;
      while (to < lineStart && bytes[to] != '"') {
        to++;
      }
      int fraction = from + secondText.length;
      boolean utc = to > fraction && bytes[to - 1] == 'Z';
      if (second != null
          && utc
          && bytes[fraction] == '.'
          && Arrays.equals(bytes, from, fraction, secondText, 0, secondText.length)) {
        long nanos = 0;
        int digits = 0;
        for (int i = fraction + 1; i < to - 1 && digits < 9; i++, digits++) {
          if (bytes[i] < '0' || bytes[i] > '9') {
            break;
          }
          nanos = nanos * 10 + bytes[i] - '0';
        }
        if (digits > 0 && digits == to - fraction - 2) {
          for (; digits < 9; digits++) {
            nanos *= 10;
          }
          return second.plusNanos(nanos);
        }
      }
      Instant at = instant(new String(bytes, from, to - from, StandardCharsets.US_ASCII));
      second = null;
      if (at != null && utc && to > fraction) {
        System.arraycopy(bytes, from, secondText, 0, secondText.length);
        second = at.truncatedTo(ChronoUnit.SECONDS);
      }
      return at;
    }

    private static Instant instant(String text) {
      if (text == null) {
        return null;
      }
      try {
        return Instant.parse(text);
      } catch (DateTimeParseException e) {
        return null;
      }
    }

    private static JsonNode parse(String line) {
      byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
      return parse(bytes, 0, bytes.length);
    }

    private static JsonNode parse(byte[] bytes, int offset, int length) {
      try {
        JsonNode node = Json.MAPPER.readTree(bytes, offset, length);
        return node != null && node.isObject() ? node : null;
      } catch (IOException e) {
        return null;
      }
    }
  }
}
