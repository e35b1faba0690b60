package dev.milktui.core.protocol;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.async.ByteArrayFeeder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads the commonest line claude prints, a streamed text, thinking or tool-input delta, without
 * building a JSON tree: a tree per delta was most of what the stdout reader allocated and much of
 * its CPU, taken from the screen on a small machine. Anything but the plain shape of such a line is
 * left to the general parser ({@link #read} returns null), so the result is always what {@link
 * MessageParser} would give.
 *
 * <p>One per reader (not thread-safe), allocating little per line: one non-blocking parser is fed
 * line after line (a parser made per line, with its buffers and contexts, was a third of what the
 * reader allocated), and is made anew after a line it did not read to its end; the values every
 * delta repeats (its types, its message's and session's ids) are compared where they lie in the
 * parser's buffer rather than made into strings, and an id the same as the last line's is that same
 * string.
 */
final class DeltaLines {
  private static final byte[] PREFIX =
      "{\"type\":\"stream_event\",".getBytes(StandardCharsets.US_ASCII);

  private JsonParser parser;
  private String apiMessageId;
  private String parent;
  private String sessionId;

  /** The delta line {@code line[0, length)} holds, or null when it is anything else. */
  StreamEventMessage read(byte[] line, int length) {
    if (!startsWithPrefix(line, length)) {
      return null;
    }
    StreamEventMessage message;
    try {
      if (parser == null) {
        parser = Json.factory().createNonBlockingByteArrayParser();
      }
      ((ByteArrayFeeder) parser.getNonBlockingInputFeeder()).feedInput(line, 0, length);
      message = read(parser, line, length);
    } catch (IOException | RuntimeException e) {
      // Malformed or unusual: the general parser reads it and reports what is wrong.
      message = null;
    }
    if (message == null) {
      // The parser may have stopped inside the line; the next line starts on a fresh one.
      discardParser();
    }
    return message;
  }

  private void discardParser() {
    try {
      if (parser != null) {
        parser.close();
      }
    } catch (IOException e) {
      // Closing gives its buffers back; it reads nothing and has nothing to report.
    }
    parser = null;
  }

  private StreamEventMessage read(JsonParser p, byte[] line, int length) throws IOException {
    if (p.nextToken() != JsonToken.START_OBJECT) {
      return null;
    }
    boolean streamEvent = false;
    String apiMessageId = null;
    String parent = null;
    String sessionId = null;
    StreamEvent.ContentBlockDelta event = null;
    boolean sawEvent = false;
    JsonToken token;
    while ((token = p.nextToken()) == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      JsonToken value = p.nextToken();
      switch (name) {
        case "type" -> streamEvent = is(p, value, "stream_event");
        case "api_message_id" ->
            apiMessageId = this.apiMessageId = string(p, value, this.apiMessageId);
        case "parent_tool_use_id" -> parent = this.parent = string(p, value, this.parent);
        case "session_id" -> sessionId = this.sessionId = string(p, value, this.sessionId);
        case "event" -> {
          sawEvent = true;
          event = value == JsonToken.START_OBJECT ? event(p) : null;
          if (event == null) {
            return null;
          }
        }
        default -> p.skipChildren();
      }
    }
    // The object ends where the line does (the parser at its end, ready for the next line).
    if (token != JsonToken.END_OBJECT
        || !((ByteArrayFeeder) p.getNonBlockingInputFeeder()).needMoreInput()) {
      return null;
    }
    if (!streamEvent || !sawEvent) {
      return null;
    }
    return StreamEventMessage.ofLine(
        apiMessageId, parent, sessionId, event, Arrays.copyOf(line, length));
  }

  /** A content_block_delta event of a known delta kind; null for any other event. */
  private static StreamEvent.ContentBlockDelta event(JsonParser p) throws IOException {
    boolean blockDelta = false;
    Integer index = null;
    StreamEvent.Delta delta = null;
    JsonToken token;
    while ((token = p.nextToken()) == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      JsonToken value = p.nextToken();
      switch (name) {
        case "type" -> blockDelta = is(p, value, "content_block_delta");
        case "index" -> {
          if (value != JsonToken.VALUE_NUMBER_INT
              || p.getNumberType() != JsonParser.NumberType.INT) {
            return null;
          }
          index = p.getIntValue();
        }
        case "delta" -> {
          delta = value == JsonToken.START_OBJECT ? delta(p) : null;
          if (delta == null) {
            return null;
          }
        }
        default -> p.skipChildren();
      }
    }
    if (token != JsonToken.END_OBJECT || !blockDelta || delta == null) {
      return null;
    }
    return new StreamEvent.ContentBlockDelta(index == null ? 0 : index, delta);
  }

  /** A text, thinking or tool-input delta whose value is a string; null for anything else. */
  private static StreamEvent.Delta delta(JsonParser p) throws IOException {
    DeltaKind kind = null;
    String text = null;
    String thinking = null;
    String partialJson = null;
    JsonToken token;
    while ((token = p.nextToken()) == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      JsonToken value = p.nextToken();
      switch (name) {
        case "type" -> kind = DeltaKind.of(p, value);
        case "text" -> text = string(p, value, null);
        case "thinking" -> thinking = string(p, value, null);
        case "partial_json" -> partialJson = string(p, value, null);
        default -> p.skipChildren();
      }
    }
    if (token != JsonToken.END_OBJECT || kind == null) {
      return null;
    }
    return switch (kind) {
      case TEXT -> text == null ? null : new StreamEvent.Delta.Text(text);
      case THINKING -> thinking == null ? null : new StreamEvent.Delta.Thinking(thinking);
      case INPUT_JSON -> partialJson == null ? null : new StreamEvent.Delta.InputJson(partialJson);
    };
  }

  /** The kinds of delta read here, by their {@code type}. */
  private enum DeltaKind {
    TEXT("text_delta"),
    THINKING("thinking_delta"),
    INPUT_JSON("input_json_delta");

    private static final DeltaKind[] ALL = values();

    private final String type;

    DeltaKind(String type) {
      this.type = type;
    }

    /** The kind the value names; null for any other value (skipped whole). */
    static DeltaKind of(JsonParser p, JsonToken value) throws IOException {
      if (value != JsonToken.VALUE_STRING) {
        p.skipChildren();
        return null;
      }
      for (DeltaKind kind : ALL) {
        if (is(p, value, kind.type)) {
          return kind;
        }
      }
      return null;
    }
  }

  /**
   * The string value, or null as {@link Json#text} gives for any other value (skipped whole); when
   * it has the same characters as {@code last}, {@code last} itself.
   */
  private static String string(JsonParser p, JsonToken value, String last) throws IOException {
    if (value != JsonToken.VALUE_STRING) {
      p.skipChildren();
      return null;
    }
    return last != null && is(p, value, last) ? last : p.getText();
  }

  /** Whether the value is the string {@code expected}, read without making a string of it. */
  private static boolean is(JsonParser p, JsonToken value, String expected) throws IOException {
    if (value != JsonToken.VALUE_STRING) {
      p.skipChildren();
      return false;
    }
    int length = p.getTextLength();
    if (length != expected.length()) {
      return false;
    }
    char[] chars = p.getTextCharacters();
    int offset = p.getTextOffset();
    for (int i = 0; i < length; i++) {
      if (chars[offset + i] != expected.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  private static boolean startsWithPrefix(byte[] line, int length) {
    if (length < PREFIX.length) {
      return false;
    }
    for (int i = 0; i < PREFIX.length; i++) {
      if (line[i] != PREFIX[i]) {
        return false;
      }
    }
    return true;
  }
}
