package dev.milktui.core.protocol;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Cuts long string values out of a JSON line's bytes, in place, before it is parsed: a value longer
 * than the cap keeps its first bytes and ends with a visible marker ("… [N bytes cut]"). The parsed
 * tree then never holds a huge text, which would cost several times its size while Jackson builds
 * it. Only the string's contents change; the line stays valid JSON.
 */
final class LongStrings {
  private LongStrings() {}

  /**
   * Trims every string literal in {@code line[0, length)} to about {@code maxStringBytes} and
   * returns the new length. A cut never splits a UTF-8 sequence or an escape.
   */
  static int trim(byte[] line, int length, int maxStringBytes) {
    int read = 0;
    int write = 0;
    int stringStart = -1;
    while (read < length) {
      byte b = line[read];
      if (stringStart < 0) {
        line[write++] = line[read++];
        if (b == '"') {
          stringStart = write;
        }
        continue;
      }
      if (b == '"') {
        line[write++] = line[read++];
        stringStart = -1;
        continue;
      }
      if (write - stringStart >= maxStringBytes && (b & 0xC0) != 0x80) {
        int end = closingQuote(line, read, length);
        byte[] marker = marker(end - read);
        // Cut only where the marker fits in what is dropped, so the line never grows.
        if (marker.length < end - read) {
          System.arraycopy(marker, 0, line, write, marker.length);
          write += marker.length;
          read = end;
          continue;
        }
      }
      int unit = b == '\\' ? escapeLength(line, read, length) : 1;
      System.arraycopy(line, read, line, write, unit);
      read += unit;
      write += unit;
    }
    return write;
  }

  /**
   * True when the line is a {@code control_request}: those are answered with their exact input (a
   * Write's whole content), so they are never trimmed. Strings are skipped, not read, on the way.
   */
  static boolean isControlRequest(byte[] line, int length) {
    try (JsonParser parser = Json.factory().createParser(line, 0, length)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return false;
      }
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String name = parser.currentName();
        JsonToken value = parser.nextToken();
        if (name.equals("type")) {
          return value == JsonToken.VALUE_STRING && parser.getText().equals("control_request");
        }
        parser.skipChildren();
      }
      return false;
    } catch (IOException e) {
      // Not well-formed: the parse reports it; trimming cannot make it worse.
      return false;
    }
  }

  private static int escapeLength(byte[] line, int at, int length) {
    int wanted = at + 1 < length && line[at + 1] == 'u' ? 6 : 2;
    return Math.min(wanted, length - at);
  }

  /** The index of the quote that ends the string {@code from} is in, or {@code length}. */
  private static int closingQuote(byte[] line, int from, int length) {
    int i = from;
    while (i < length) {
      byte b = line[i];
      if (b == '"') {
        return i;
      }
      i += b == '\\' ? 2 : 1;
    }
    return length;
  }

  private static byte[] marker(int droppedBytes) {
    return ("… [" + droppedBytes + " bytes cut]").getBytes(StandardCharsets.UTF_8);
  }
}
