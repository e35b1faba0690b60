package dev.milktui.core.protocol;

import java.nio.charset.StandardCharsets;

/**
 * What the byte-level readers of JSON lines (the scan's triage, a record's line, replay's tool
 * strings and prompts) check in a line's raw bytes: a well-formed UTF-8 sequence, the four hex
 * digits of a {@code \}{@code u} escape, and a fixed ASCII opening, read one way in one place.
 */
public final class Utf8Bytes {
  private Utf8Bytes() {}

  /** An ASCII text's bytes, to compare a line's with. */
  public static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  /** Whether the bytes from {@code at}, before {@code end}, start with {@code expected}. */
  public static boolean startsWith(byte[] bytes, int at, int end, byte[] expected) {
    if (at < 0 || end - at < expected.length) {
      return false;
    }
    for (int i = 0; i < expected.length; i++) {
      if (bytes[at + i] != expected[i]) {
        return false;
      }
    }
    return true;
  }

  /**
   * The length of the well-formed UTF-8 sequence at {@code at} (RFC 3629: no overlong form, no
   * surrogate, nothing past U+10FFFF), 0 when it is not one or runs past {@code end}.
   */
  public static int wellFormed(byte[] bytes, int at, int end) {
    int lead = bytes[at] & 0xFF;
    int length = sequenceLength(lead);
    if (length == 0 || at + length > end) {
      return 0;
    }
    // The second byte's range excludes overlong forms, surrogates and what lies past U+10FFFF.
    int second = bytes[at + 1] & 0xFF;
    int low = lead == 0xE0 ? 0xA0 : lead == 0xF0 ? 0x90 : 0x80;
    int high = lead == 0xED ? 0x9F : lead == 0xF4 ? 0x8F : 0xBF;
    if (second < low || second > high) {
      return 0;
    }
    for (int i = 2; i < length; i++) {
      if ((bytes[at + i] & 0xC0) != 0x80) {
        return 0;
      }
    }
    return length;
  }

  /**
   * How long a UTF-8 sequence led by {@code lead} (a byte, signed or not) is, 0 when it leads none.
   */
  public static int sequenceLength(int lead) {
    int b = lead & 0xFF;
    if (b >= 0xC2 && b <= 0xDF) {
      return 2;
    }
    if (b >= 0xE0 && b <= 0xEF) {
      return 3;
    }
    return b >= 0xF0 && b <= 0xF4 ? 4 : 0;
  }

  /**
   * The code unit of the four hex digits from {@code from} (ASCII digits only, as Jackson reads
   * them), -1 when one is not a hex digit; the caller checks the four bytes are there.
   */
  public static int hex4(byte[] bytes, int from) {
    int value = 0;
    for (int i = from; i < from + 4; i++) {
      int digit = Character.digit(bytes[i], 16);
      if (digit < 0) {
        return -1;
      }
      value = value * 16 + digit;
    }
    return value;
  }
}
