package dev.milktui.tui.text;

/**
 * Terminal column widths of sanitised text, grapheme by grapheme ({@link Graphemes}): emoji and CJK
 * take two, combining marks none of their own, tabs align to 4. Cutting never splits a grapheme.
 */
public final class Columns {
  public static final int TAB_STOP = 4;

  private Columns() {}

  /**
   * Width of the single char {@code c} when it starts at column {@code col}; a low surrogate adds
   * nothing to the high one before it. Prefer the grapheme-aware methods below for whole text.
   */
  public static int width(char c, int col) {
    if (c == '\t') {
      return TAB_STOP - (col % TAB_STOP);
    }
    if (c < 0x80) {
      return 1;
    }
    if (Character.isLowSurrogate(c)) {
      return 0;
    }
    if (Character.isHighSurrogate(c)) {
      return 2;
    }
    return Graphemes.width(String.valueOf(c), 0, 1);
  }

  /** Columns of {@code text}, with tabs expanded from column 0. */
  public static int width(CharSequence text) {
    if (indexOfTab(text) < 0) {
      return Graphemes.width(text);
    }
    int col = 0;
    int n = text.length();
    for (int i = 0; i < n; ) {
      int e = Graphemes.next(text, i, n);
      col += widthAt(text, i, e, col);
      i = e;
    }
    return col;
  }

  /** Width of the grapheme {@code text[start, end)} starting at column {@code col}. */
  public static int widthAt(CharSequence text, int start, int end, int col) {
    if (text.charAt(start) == '\t') {
      return TAB_STOP - (col % TAB_STOP);
    }
    return Graphemes.width(text, start, end);
  }

  /**
   * {@code line} with each tab replaced by the spaces up to the next tab stop (from column 0), so
   * no tab reaches the screen and the columns stay as they were measured.
   */
  public static String expandTabs(String line) {
    if (line.indexOf('\t') < 0) {
      return line;
    }
    StringBuilder out = new StringBuilder();
    int col = 0;
    for (int i = 0; i < line.length(); ) {
      int e = Graphemes.next(line, i, line.length());
      if (line.charAt(i) == '\t') {
        int n = TAB_STOP - (col % TAB_STOP);
        out.append(" ".repeat(n));
        col += n;
      } else {
        out.append(line, i, e);
        col += Graphemes.width(line, i, e);
      }
      i = e;
    }
    return out.toString();
  }

  /** Cuts {@code text} to at most {@code max} columns, ending in "…" when something was cut. */
  public static String fit(String text, int max) {
    if (max <= 0) {
      return "";
    }
    if (width(text) <= max) {
      return text;
    }
    return text.substring(0, prefixEnd(text, max - 1)) + '…';
  }

  /** Pads with spaces (or cuts) to exactly {@code size} columns. */
  public static String pad(String text, int size) {
    String fitted = fit(text, size);
    int missing = size - width(fitted);
    return missing <= 0 ? fitted : fitted + " ".repeat(missing);
  }

  /** End of the longest prefix of whole graphemes that fits in {@code max} columns. */
  public static int prefixEnd(CharSequence text, int max) {
    return prefixEnd(text, 0, max);
  }

  /**
   * End of the longest run of whole graphemes from {@code start} that fits in {@code max} columns
   * (tabs measured from {@code start} as column 0).
   */
  public static int prefixEnd(CharSequence text, int start, int max) {
    int col = 0;
    int n = text.length();
    int i = start;
    while (i < n) {
      int e = Graphemes.next(text, i, n);
      int w = widthAt(text, i, e, col);
      if (col + w > max) {
        break;
      }
      col += w;
      i = e;
    }
    return i;
  }

  private static int indexOfTab(CharSequence text) {
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\t') {
        return i;
      }
    }
    return -1;
  }
}
