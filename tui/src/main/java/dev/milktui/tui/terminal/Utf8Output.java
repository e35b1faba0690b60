package dev.milktui.tui.terminal;

import java.nio.charset.StandardCharsets;

/**
 * What a terminal receives for a string the screen draws, encoded as a whole. Lanterna's stream
 * terminals encode char by char: each half of a surrogate pair (every emoji outside the Basic
 * Multilingual Plane, 😀 or 👩‍💻) became its own '?', and every character cost a charset encoder's
 * buffers.
 */
public final class Utf8Output {
  private static final byte[][] ASCII = new byte[128][];

  static {
    for (int c = 0; c < ASCII.length; c++) {
      ASCII[c] = new byte[] {(byte) c};
    }
  }

  private Utf8Output() {}

  /**
   * The UTF-8 bytes of {@code s} without the control characters Lanterna would not print either (it
   * keeps tab, newline and backspace); a lone surrogate becomes one {@code ?}.
   */
  public static byte[] encode(String s) {
    if (s.length() == 1) {
      char c = s.charAt(0);
      if (c < 0x80) {
        return printable(c) ? ASCII[c] : new byte[0];
      }
      return s.getBytes(StandardCharsets.UTF_8);
    }
    for (int i = 0; i < s.length(); i++) {
      if (!printable(s.charAt(i))) {
        return strip(s).getBytes(StandardCharsets.UTF_8);
      }
    }
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String strip(String s) {
    StringBuilder kept = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      if (printable(s.charAt(i))) {
        kept.append(s.charAt(i));
      }
    }
    return kept.toString();
  }

  private static boolean printable(char c) {
    return (c >= 0x20 && c != 0x7f) || c == '\t' || c == '\n' || c == '\b';
  }
}
