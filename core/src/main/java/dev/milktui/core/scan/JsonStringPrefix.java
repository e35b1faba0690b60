package dev.milktui.core.scan;

import dev.milktui.core.protocol.Utf8Bytes;

/**
 * Decodes the start of a JSON string straight from a line's UTF-8 bytes: escapes read, invalid
 * UTF-8 as U+FFFD. The parser that found the string checks its escapes only as it reads on, after
 * this: a bad escape ends the prefix here, never in an exception, and the parser then calls the
 * line malformed.
 */
final class JsonStringPrefix {
  private static final char REPLACEMENT = '\uFFFD';

  private JsonStringPrefix() {}

  /** Up to {@code maxChars} characters of the string whose contents start at {@code at}. */
  static String read(byte[] bytes, int at, int maxChars) {
    StringBuilder out = new StringBuilder(Math.min(maxChars, 256));
    int i = at;
    while (i < bytes.length && out.length() < maxChars) {
      int b = bytes[i] & 0xFF;
      if (b == '"') {
        break;
      }
      if (b == '\\') {
        i = escape(bytes, i + 1, out);
      } else if (b < 0x80) {
        out.append((char) b);
        i++;
      } else {
        i = multiByte(bytes, i, b, out);
      }
    }
    return out.length() > maxChars ? out.substring(0, maxChars) : out.toString();
  }

  private static int escape(byte[] bytes, int i, StringBuilder out) {
    if (i >= bytes.length) {
      return i;
    }
    char c = (char) bytes[i];
    switch (c) {
      case 'n' -> out.append('\n');
      case 'r' -> out.append('\r');
      case 't' -> out.append('\t');
      case 'b' -> out.append('\b');
      case 'f' -> out.append('\f');
      case 'u' -> {
        if (i + 5 > bytes.length) {
          return bytes.length;
        }
        int unit = Utf8Bytes.hex4(bytes, i + 1);
        if (unit < 0) {
          // Not an escape: the prefix ends here, and the parser, reading on, calls the line
          // malformed as it calls any other.
          return bytes.length;
        }
        out.append((char) unit);
        return i + 5;
      }
      default -> out.append(c);
    }
    return i + 1;
  }

  private static int multiByte(byte[] bytes, int i, int lead, StringBuilder out) {
    int extra;
    int codePoint;
    if (lead >= 0xF0 && lead < 0xF5) {
      extra = 3;
      codePoint = lead & 0x07;
    } else if (lead >= 0xE0) {
      extra = lead < 0xF0 ? 2 : -1;
      codePoint = lead & 0x0F;
    } else if (lead >= 0xC2) {
      extra = 1;
      codePoint = lead & 0x1F;
    } else {
      extra = -1;
      codePoint = 0;
    }
    if (extra < 0 || i + extra >= bytes.length) {
      out.append(REPLACEMENT);
      return i + 1;
    }
    for (int k = 1; k <= extra; k++) {
      int next = bytes[i + k] & 0xFF;
      if ((next & 0xC0) != 0x80) {
        out.append(REPLACEMENT);
        return i + k;
      }
      codePoint = (codePoint << 6) | (next & 0x3F);
    }
    out.appendCodePoint(Character.isValidCodePoint(codePoint) ? codePoint : REPLACEMENT);
    return i + extra + 1;
  }
}
