package dev.milktui.core.protocol;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads the commonest line claude prints, a streamed text, thinking or tool-input delta, without
 * building a JSON tree: a tree per delta was most of what the stdout reader allocated and much of
 * its CPU, taken from the screen on a small machine. Anything but the plain shape of such a line is
 * left to the general parser ({@link #read} returns null), so the result is always what {@link
 * MessageParser} would give.
 */
final class DeltaLines {
  private static final byte[] PREFIX =
      "{\"type\":\"stream_event\",".getBytes(StandardCharsets.US_ASCII);

  private DeltaLines() {}

  /** The delta line {@code line[0, length)} holds, or null when it is anything else. */
  static StreamEventMessage read(byte[] line, int length) {
    if (!startsWithPrefix(line, length)) {
      return null;
    }
    try (JsonParser p = Json.MAPPER.getFactory().createParser(line, 0, length)) {
      return read(p, line, length);
    } catch (IOException | RuntimeException e) {
      // Malformed or unusual: the general parser reads it and reports what is wrong.
      return null;
    }
  }

  private static StreamEventMessage read(JsonParser p, byte[] line, int length) throws IOException {
    if (p.nextToken() != JsonToken.START_OBJECT) {
      return null;
    }
    String type = null;
    String apiMessageId = null;
    String parent = null;
    String sessionId = null;
    StreamEvent.ContentBlockDelta event = null;
    boolean sawEvent = false;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      JsonToken value = p.nextToken();
      switch (name) {
        case "type" -> type = string(p, value);
        case "api_message_id" -> apiMessageId = string(p, value);
        case "parent_tool_use_id" -> parent = string(p, value);
        case "session_id" -> sessionId = string(p, value);
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
    if (p.currentToken() != JsonToken.END_OBJECT || p.nextToken() != null) {
      return null;
    }
    if (!"stream_event".equals(type) || !sawEvent) {
      return null;
    }
    return StreamEventMessage.ofLine(
        apiMessageId, parent, sessionId, event, Arrays.copyOf(line, length));
  }

  /** A content_block_delta event of a known delta kind; null for any other event. */
  private static StreamEvent.ContentBlockDelta event(JsonParser p) throws IOException {
    String type = null;
    Integer index = null;
    StreamEvent.Delta delta = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      JsonToken value = p.nextToken();
      switch (name) {
        case "type" -> type = string(p, value);
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
    if (!"content_block_delta".equals(type) || delta == null) {
      return null;
    }
    return new StreamEvent.ContentBlockDelta(index == null ? 0 : index, delta);
  }

  /** A text, thinking or tool-input delta whose value is a string; null for anything else. */
  private static StreamEvent.Delta delta(JsonParser p) throws IOException {
    String type = null;
    String text = null;
    String thinking = null;
    String partialJson = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      JsonToken value = p.nextToken();
      switch (name) {
        case "type" -> type = string(p, value);
        case "text" -> text = string(p, value);
        case "thinking" -> thinking = string(p, value);
        case "partial_json" -> partialJson = string(p, value);
        default -> p.skipChildren();
      }
    }
    if (type == null) {
      return null;
    }
    return switch (type) {
      case "text_delta" -> text == null ? null : new StreamEvent.Delta.Text(text);
      case "thinking_delta" -> thinking == null ? null : new StreamEvent.Delta.Thinking(thinking);
      case "input_json_delta" ->
          partialJson == null ? null : new StreamEvent.Delta.InputJson(partialJson);
      default -> null;
    };
  }

  /** The string value, or null as {@link Json#text} gives for any other value (skipped whole). */
  private static String string(JsonParser p, JsonToken value) throws IOException {
    if (value == JsonToken.VALUE_STRING) {
      return p.getText();
    }
    p.skipChildren();
    return null;
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
