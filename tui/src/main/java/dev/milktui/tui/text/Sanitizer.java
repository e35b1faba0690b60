package dev.milktui.tui.text;

/**
 * Makes text from Claude or a tool safe to put on the screen: escape sequences (CSI, OSC, DCS and
 * the other string sequences, two-character escapes), C0 and C1 controls and DEL are removed;
 * newline and tab stay. A lone carriage return is dropped (progress output redraws a line with it),
 * bidirectional overrides are removed (they can make shown text differ from what runs), and broken
 * surrogates become U+FFFD. A sequence cut off at the end of a chunk is dropped up to the end.
 */
public final class Sanitizer {
  private static final char ESC = 0x1B;
  private static final char BEL = 0x07;
  private static final char C1_CSI = 0x9B;
  private static final char C1_ST = 0x9C;
  private static final char C1_OSC = 0x9D;

  private Sanitizer() {}

  public static String clean(String text) {
    if (text == null || text.isEmpty()) {
      return "";
    }
    if (isPlain(text)) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length());
    int i = 0;
    int n = text.length();
    while (i < n) {
      char c = text.charAt(i);
      if (c == ESC) {
        i = skipEscape(text, i + 1);
      } else if (c == C1_CSI) {
        i = skipCsi(text, i + 1);
      } else if (c == C1_OSC || c == 0x90 || c == 0x98 || c == 0x9E || c == 0x9F) {
        i = skipString(text, i + 1);
      } else if (c == '\r') {
        if (i + 1 < n && text.charAt(i + 1) == '\n') {
          out.append('\n');
          i += 2;
        } else {
          i++;
        }
      } else if (c == '\n' || c == '\t') {
        out.append(c);
        i++;
      } else if (c < 0x20 || (c >= 0x7F && c <= 0x9F) || isBidiControl(c)) {
        i++;
      } else if (Character.isHighSurrogate(c)) {
        if (i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1))) {
          out.append(c).append(text.charAt(i + 1));
          i += 2;
        } else {
          out.append('\uFFFD');
          i++;
        }
      } else if (Character.isLowSurrogate(c)) {
        out.append('\uFFFD');
        i++;
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }

  /** Replaces newlines and tabs by spaces too: for one-line previews and titles. */
  public static String oneLine(String text) {
    String clean = clean(text);
    StringBuilder out = new StringBuilder(clean.length());
    boolean space = false;
    for (int i = 0; i < clean.length(); i++) {
      char c = clean.charAt(i);
      boolean blank = c == '\n' || c == '\t' || c == ' ';
      if (blank) {
        if (!space && out.length() > 0) {
          out.append(' ');
        }
        space = true;
      } else {
        out.append(c);
        space = false;
      }
    }
    int end = out.length();
    while (end > 0 && out.charAt(end - 1) == ' ') {
      end--;
    }
    out.setLength(end);
    return out.toString();
  }

  private static boolean isPlain(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if ((c < 0x20 && c != '\n' && c != '\t')
          || (c >= 0x7F && c <= 0x9F)
          || isBidiControl(c)
          || Character.isSurrogate(c)) {
        return false;
      }
    }
    return true;
  }

  private static boolean isBidiControl(char c) {
    return (c >= 0x202A && c <= 0x202E)
        || (c >= 0x2066 && c <= 0x2069)
        || c == 0x200E
        || c == 0x200F
        || c == 0x061C;
  }

  /** {@code i} is just past ESC; returns the index after the whole sequence. */
  private static int skipEscape(String text, int i) {
    if (i >= text.length()) {
      return i;
    }
    char c = text.charAt(i);
    if (c == '[') {
      return skipCsi(text, i + 1);
    }
    if (c == ']' || c == 'P' || c == 'X' || c == '^' || c == '_') {
      return skipString(text, i + 1);
    }
    // nF sequences: intermediates then one final byte; everything else is ESC plus one char.
    while (i < text.length() && text.charAt(i) >= 0x20 && text.charAt(i) <= 0x2F) {
      i++;
    }
    return Math.min(i + 1, text.length());
  }

  private static int skipCsi(String text, int i) {
    while (i < text.length()) {
      char c = text.charAt(i++);
      if (c >= 0x40 && c <= 0x7E) {
        return i;
      }
      if (c < 0x20 && c != ESC) {
        // A control inside a CSI aborts it in real terminals; drop it with the sequence.
        continue;
      }
      if (c == ESC) {
        return i - 1;
      }
    }
    return i;
  }

  /** OSC, DCS, SOS, PM, APC: up to BEL, ESC \ or ST; unterminated runs to the end. */
  private static int skipString(String text, int i) {
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == BEL || c == C1_ST) {
        return i + 1;
      }
      if (c == ESC) {
        // ESC \ is the terminator; any other ESC starts a new sequence.
        return i + 1 < text.length() && text.charAt(i + 1) == '\\' ? i + 2 : i;
      }
      i++;
    }
    return i;
  }
}
