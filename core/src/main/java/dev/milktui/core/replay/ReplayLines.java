package dev.milktui.core.replay;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.conversation.ToolNames;
import dev.milktui.core.history.SessionRecords;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.MalformedLine;
import dev.milktui.core.record.RecordFile;
import dev.milktui.core.replay.ReplayFile.Kind;
import dev.milktui.core.replay.ReplayLine.Answer;
import dev.milktui.core.replay.ReplayLine.Asked;
import dev.milktui.core.replay.ReplayLine.Nothing;
import dev.milktui.core.replay.ReplayLine.Parsed;
import dev.milktui.core.replay.ReplayLine.Part;
import dev.milktui.core.replay.ReplayLine.Prompt;
import dev.milktui.core.replay.ReplayLine.Recorded;
import dev.milktui.core.replay.ReplayLine.Shown;
import dev.milktui.core.replay.ReplayLine.Skipped;
import dev.milktui.core.replay.ReplayLine.Torn;
import dev.milktui.core.scan.OrderedLines;
import dev.milktui.core.scan.RecordedLine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * Reads one line of a file to replay as far as the line alone decides (parsing it, unescaping a
 * record's claude line, drafting previews), so lines are read on any thread; what depends on the
 * lines before (the file's kind, pauses, the preview budget, answered requests) is left to {@link
 * ReplayFile}'s reader. One instance per thread.
 */
final class ReplayLines implements OrderedLines.Work<ReplayLine> {
  private static final String CONTROL_REQUEST_STRING = "\"control_request\"";
  private static final BytePattern CONTROL_REQUEST = new BytePattern(CONTROL_REQUEST_STRING);
  // A unicode escape could spell it (the line is then parsed to know).
  private static final BytePattern UNICODE_ESCAPE = new BytePattern("\\u");
  private static final Skipped SKIPPED = new Skipped();
  private static final Nothing NOTHING = new Nothing();

  private final ToolPreviews previews;
  // A record's claude line is looked at for a control request as it is unescaped.
  private final RecordedLine.Watched controlRequest =
      new RecordedLine.Watched(CONTROL_REQUEST_STRING);
  private final Supplier<Kind> decided;
  // This thread's copies of the lines kept as they are, when the recording is held; else null.
  private final LineArena arena;
  // The second of the last entry's time, as written ("2026-12-03T10:00:00") and parsed.
  private final byte[] secondText = new byte["2026-12-03T10:00:00".length()];
  private Instant second;

  /**
   * {@code decided}: the file's kind as far as known, {@code null} before its first object; {@code
   * arena}: where this thread copies the lines kept as they are when the recording is held (so the
   * thread applying lines in order does not), or null; used by this thread only.
   */
  ReplayLines(ToolPreviews previews, Supplier<Kind> decided, LineArena arena) {
    this.previews = previews;
    this.decided = decided;
    this.arena = arena;
  }

  @Override
  public ReplayLine read(byte[] bytes, int offset, int length, long lineNumber) {
    int start = RecordedLine.start(bytes, offset, length);
    Kind seen = decided.get();
    if (start >= 0 && (seen == null || seen == Kind.RECORD)) {
      // Unescaping changes the line: a copy serves in case the file is of another kind.
      byte[] original = seen == null ? Arrays.copyOfRange(bytes, offset, offset + length) : null;
      try {
        int end = RecordedLine.unescape(bytes, start, offset + length, controlRequest);
        Instant at = recordedTime(bytes, offset, start);
        return new Recorded(
            at, fromClaude(bytes, start, end - start, controlRequest.seen()), original);
      } catch (RecordedLine.Malformed e) {
        return new Torn(original);
      }
    }
    int host =
        start < 0 && (seen == null || seen == Kind.RECORD)
            ? RecordedLine.hostStart(bytes, offset, length)
            : -1;
    if (host >= 0) {
      return hostEntry(bytes, offset, length, host, seen == null);
    }
    JsonNode node = parse(bytes, offset, length);
    if (node == null) {
      return SKIPPED;
    }
    Kind kind = kindOf(node);
    if (kind == null || kind == Kind.SCRIPT) {
      return new Parsed(kind, bytes, offset, length, null, NOTHING);
    }
    return switch (kind) {
      case RECORD -> entry(node, bytes, offset, length);
      case CLAUDE_SESSION ->
          new Parsed(
              kind,
              bytes,
              offset,
              length,
              instant(Json.text(node, "timestamp")),
              sessionRecord(node, bytes, offset, length));
      default ->
          new Parsed(kind, bytes, offset, length, null, fromClaude(node, bytes, offset, length));
    };
  }

  @Override
  public ReplayLine malformed(MalformedLine line) {
    return SKIPPED;
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

  /**
   * An entry of what milk-tui sent in the exact shape, its line from {@code host} ({@link
   * RecordedLine#hostStart}): read as the general path reads it, without a tree of the entry. While
   * the file's kind is not known the entry's bytes are kept as read, should it be of another kind.
   */
  private Parsed hostEntry(byte[] bytes, int offset, int length, int host, boolean unknownKind) {
    byte[] original = unknownKind ? Arrays.copyOfRange(bytes, offset, offset + length) : null;
    Instant at = recordedTime(bytes, offset, host);
    Part part;
    try {
      int end = RecordedLine.unescape(bytes, host, offset + length);
      String prompt = HostPrompt.text(bytes, host, end - host);
      part =
          prompt != null
              ? SessionRecords.promptOf(prompt).<Part>map(Prompt::new).orElse(NOTHING)
              : fromHost(bytes, host, end - host);
    } catch (RecordedLine.Malformed e) {
      throw new IllegalStateException("hostStart vouched for the string", e);
    }
    return original == null
        ? new Parsed(Kind.RECORD, bytes, offset, length, at, part)
        : new Parsed(Kind.RECORD, original, 0, length, at, part);
  }

  /** An entry not in the exact shape milk-tui writes (the quick path above takes those). */
  private Parsed entry(JsonNode node, byte[] bytes, int offset, int length) {
    Instant at = instant(Json.text(node, "ts"));
    String line = Json.text(node, "line");
    Part part = NOTHING;
    if (line != null) {
      switch (String.valueOf(Json.text(node, RecordFile.DIRECTION))) {
        case RecordFile.FROM_CLAUDE -> {
          byte[] claude = line.getBytes(StandardCharsets.UTF_8);
          part = fromClaude(claude, 0, claude.length);
        }
        case "host" -> {
          byte[] host = line.getBytes(StandardCharsets.UTF_8);
          part = fromHost(host, 0, host.length);
        }
        default -> {
          // stderr is the log of claude, not the conversation.
        }
      }
    }
    return new Parsed(Kind.RECORD, bytes, offset, length, at, part);
  }

  /** A line claude printed; a question to the user becomes a note, never a dialog. */
  private Part fromClaude(byte[] bytes, int offset, int length) {
    return fromClaude(
        bytes,
        offset,
        length,
        CONTROL_REQUEST.in(bytes, offset, length) || UNICODE_ESCAPE.in(bytes, offset, length));
  }

  /**
   * {@code mayAsk}: whether the line may hold the string {@code "control_request"}, as it is or
   * spelled with unicode escapes; such a line is parsed, and its type read, to know.
   */
  private Part fromClaude(byte[] bytes, int offset, int length, boolean mayAsk) {
    if (mayAsk) {
      JsonNode node = parse(bytes, offset, length);
      if (node != null) {
        return fromClaude(node, bytes, offset, length);
      }
    }
    return shown(previews.draft(bytes, offset, length), bytes, offset, length);
  }

  private Shown shown(ToolPreviews.Draft draft, byte[] bytes, int offset, int length) {
    ReplayScript.Line copied =
        arena != null && draft.json() == null ? arena.add(bytes, offset, length) : null;
    return new Shown(draft, bytes, offset, length, copied);
  }

  /** {@link #fromClaude(byte[], int, int)} of a line parsed as {@code node}. */
  private Part fromClaude(JsonNode node, byte[] bytes, int offset, int length) {
    if (!"control_request".equals(Json.text(node, "type"))) {
      return shown(previews.draft(node, bytes, offset, length), bytes, offset, length);
    }
    JsonNode request = node.path("request");
    if ("can_use_tool".equals(Json.text(request, "subtype"))) {
      return new Asked(
          String.valueOf(Json.text(node, "request_id")),
          ToolNames.shown(String.valueOf(Json.text(request, "tool_name"))));
    }
    return NOTHING;
  }

  /** What milk-tui sent: the user's messages, and the answers to permission requests. */
  private static Part fromHost(byte[] bytes, int offset, int length) {
    JsonNode node = parse(bytes, offset, length);
    if (node == null) {
      return NOTHING;
    }
    if ("user".equals(Json.text(node, "type"))) {
      return SessionRecords.prompt(node).<Part>map(Prompt::new).orElse(NOTHING);
    }
    JsonNode response = node.path("response");
    JsonNode answer = response.path("response");
    return new Answer(
        String.valueOf(Json.text(response, "request_id")),
        "control_response".equals(Json.text(node, "type")),
        Json.text(answer, "behavior"),
        Json.text(answer, "message"));
  }

  /** A record of Claude's session file: a prompt of the user's or a line of the conversation. */
  private Part sessionRecord(JsonNode node, byte[] bytes, int offset, int length) {
    var prompt = SessionRecords.prompt(node);
    if (prompt.isPresent()) {
      return new Prompt(prompt.get());
    }
    if (SessionRecords.shown(node)) {
      return shown(previews.draft(node, bytes, offset, length), bytes, offset, length);
    }
    return NOTHING;
  }

  /**
   * The {@code ts} of an entry in the exact shape: right after its opening. Parsing an instant
   * costs more than the rest of a line, so the entries of one second reuse its parse and read only
   * their fraction.
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

  private static JsonNode parse(byte[] bytes, int offset, int length) {
    try {
      JsonNode node = ToolStrings.parse(bytes, offset, length);
      return node != null && node.isObject() ? node : null;
    } catch (IOException e) {
      return null;
    }
  }
}
