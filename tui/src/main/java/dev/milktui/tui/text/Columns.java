package dev.milktui.tui.text;

import com.googlecode.lanterna.TerminalTextUtils;

/** Terminal column widths of sanitised text: wide (CJK) characters take two, tabs align to 4. */
public final class Columns {
  public static final int TAB_STOP = 4;

  private Columns() {}

  /** Width of {@code c} when it starts at column {@code col}. */
  public static int width(char c, int col) {
    if (c == '\t') {
      return TAB_STOP - (col % TAB_STOP);
    }
    if (Character.isLowSurrogate(c)) {
      return 0;
    }
    return TerminalTextUtils.isCharDoubleWidth(c) ? 2 : 1;
  }

  public static int width(CharSequence text) {
    int col = 0;
    for (int i = 0; i < text.length(); i++) {
      col += width(text.charAt(i), col);
    }
    return col;
  }

  /** Cuts {@code text} to at most {@code max} columns, ending in "…" when something was cut. */
  public static String fit(String text, int max) {
    if (max <= 0) {
      return "";
    }
    if (width(text) <= max) {
      return text;
    }
    StringBuilder out = new StringBuilder();
    int col = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      int w = width(c, col);
      if (col + w > max - 1) {
        break;
      }
      out.append(c);
      col += w;
    }
    return out.append('…').toString();
  }

  /** Pads with spaces (or cuts) to exactly {@code size} columns. */
  public static String pad(String text, int size) {
    String fitted = fit(text, size);
    int missing = size - width(fitted);
    return missing <= 0 ? fitted : fitted + " ".repeat(missing);
  }
}
