package dev.milktui.tui.text;

/**
 * User-perceived characters (extended grapheme clusters) and their terminal widths. ASCII is
 * measured here; anything else goes to {@link UnicodeTables}, which loads ICU only when first
 * needed so that start-up does not pay for it.
 */
public final class Graphemes {
  private Graphemes() {}

  /** End (exclusive) of the grapheme that starts at {@code start}; {@code start < end}. */
  public static int next(CharSequence text, int start, int end) {
    int after = start + 1;
    if (after >= end) {
      return end;
    }
    char c = text.charAt(start);
    char d = text.charAt(after);
    if (c < 0x80 && d < 0x80) {
      return c == '\r' && d == '\n' ? after + 1 : after;
    }
    return UnicodeTables.nextBoundary(text, start, end);
  }

  /** Columns of the one grapheme {@code text[start, end)}: 0, 1 or 2. */
  public static int width(CharSequence text, int start, int end) {
    char c = text.charAt(start);
    if (end - start == 1 && c < 0x80) {
      return 1;
    }
    return UnicodeTables.width(text, start, end);
  }

  /** Columns of {@code text} (tabs count as one; callers that keep tabs use {@link Columns}). */
  public static int width(CharSequence text) {
    int n = text.length();
    int w = 0;
    int i = 0;
    while (i < n) {
      if (text.charAt(i) < 0x80 && (i + 1 == n || text.charAt(i + 1) < 0x80)) {
        w++;
        i++;
        continue;
      }
      int e = next(text, i, n);
      w += width(text, i, e);
      i = e;
    }
    return w;
  }

  /** True if every character is ASCII: then one char is one grapheme is one column. */
  public static boolean isAscii(CharSequence text) {
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) >= 0x80) {
        return false;
      }
    }
    return true;
  }
}
