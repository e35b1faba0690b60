package dev.milktui.core.replay;

import dev.milktui.core.protocol.Utf8Bytes;
import java.nio.charset.StandardCharsets;

/**
 * The text of a prompt milk-tui sent, read straight from its line's bytes when the line has the
 * exact shape {@link dev.milktui.core.protocol.HostMessages#userMessage} writes and the text holds
 * no escape: a record holds one such line per turn, and parsing each cost a replay's loading more
 * than the rest of it. Any other line is left to the parser.
 */
final class HostPrompt {
  private static final byte[] OPENING = Utf8Bytes.ascii("{\"type\":\"user\",");
  private static final byte[] UUID = Utf8Bytes.ascii("\"uuid\":\"");
  private static final byte[] MESSAGE =
      Utf8Bytes.ascii("\"message\":{\"role\":\"user\",\"content\":\"");
  private static final byte[] CLOSING = Utf8Bytes.ascii("\"}}");

  private HostPrompt() {}

  /**
   * The message's text, as Jackson reads it; null when the {@code length} bytes from {@code offset}
   * are not in that shape, or a string of it holds an escape, a control or bytes that are not
   * well-formed UTF-8.
   */
  static String text(byte[] bytes, int offset, int length) {
    int end = offset + length;
    int at = after(bytes, offset, end, OPENING);
    if (at < 0) {
      return null;
    }
    int uuid = after(bytes, at, end, UUID);
    if (uuid >= 0) {
      int quote = closingQuote(bytes, uuid, end);
      if (quote < 0 || quote + 1 >= end || bytes[quote + 1] != ',') {
        return null;
      }
      at = quote + 2;
    }
    int text = after(bytes, at, end, MESSAGE);
    if (text < 0) {
      return null;
    }
    int quote = closingQuote(bytes, text, end);
    if (quote < 0 || after(bytes, quote, end, CLOSING) != end) {
      return null;
    }
    return new String(bytes, text, quote - text, StandardCharsets.UTF_8);
  }

  /** Where {@code expected} ends when the bytes from {@code at} start with it, else -1. */
  private static int after(byte[] bytes, int at, int end, byte[] expected) {
    return Utf8Bytes.startsWith(bytes, at, end, expected) ? at + expected.length : -1;
  }

  /** The quote that closes a string whose content starts at {@code from}; -1 at anything else. */
  private static int closingQuote(byte[] bytes, int from, int end) {
    int at = from;
    while (at < end) {
      byte b = bytes[at];
      if (b == '"') {
        return at;
      }
      if (b == '\\' || (b >= 0 && b < 0x20)) {
        return -1;
      }
      if (b >= 0) {
        at++;
      } else {
        int sequence = Utf8Bytes.wellFormed(bytes, at, end);
        if (sequence == 0) {
          return -1;
        }
        at += sequence;
      }
    }
    return -1;
  }
}
