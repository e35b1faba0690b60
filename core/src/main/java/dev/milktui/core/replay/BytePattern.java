package dev.milktui.core.replay;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A fixed string looked for in a line's UTF-8 bytes, without decoding the line: a Horspool search,
 * which skips most of the bytes of a line that lacks it (most lines of a recording).
 */
final class BytePattern {
  private final byte[] pattern;
  private final int[] shift = new int[256];

  BytePattern(String ascii) {
    pattern = ascii.getBytes(StandardCharsets.US_ASCII);
    Arrays.fill(shift, pattern.length);
    for (int i = 0; i < pattern.length - 1; i++) {
      shift[pattern[i] & 0xFF] = pattern.length - 1 - i;
    }
  }

  /** Whether the {@code length} bytes from {@code offset} hold the pattern. */
  boolean in(byte[] bytes, int offset, int length) {
    int last = pattern.length - 1;
    int end = offset + length;
    for (int at = offset; at + last < end; at += shift[bytes[at + last] & 0xFF]) {
      int i = last;
      while (bytes[at + i] == pattern[i]) {
        if (i == 0) {
          return true;
        }
        i--;
      }
    }
    return false;
  }
}
