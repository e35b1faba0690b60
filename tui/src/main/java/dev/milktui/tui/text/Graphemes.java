package dev.milktui.tui.text;

/**
 * User-perceived characters (extended grapheme clusters) and their terminal widths. ASCII and the
 * few symbol ranges the UI itself draws (box lines, arrows, bullets, Latin-1) are measured here;
 * anything else goes to {@link UnicodeTables}, which loads ICU only when first needed, so that
 * start-up does not pay for it.
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
    if (isSimple(c) && isSimple(d)) {
      return after;
    }
    return UnicodeTables.nextBoundary(text, start, end);
  }

  /** Columns of the one grapheme {@code text[start, end)}: 0, 1 or 2. */
  public static int width(CharSequence text, int start, int end) {
    if (end - start == 1 && isSimple(text.charAt(start))) {
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
      if (isSimple(text.charAt(i)) && (i + 1 == n || isSimple(text.charAt(i + 1)))) {
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

  /**
   * True if {@code c} is a grapheme of its own, one column wide, when the next char is simple too:
   * ASCII, and ranges with no wide, emoji-presentation, combining or format characters in them.
   */
  static boolean isSimple(char c) {
    if (c < 0x80) {
      return true;
    }
    return c >= 0xA0 && c <= 0x2FF && c != 0xAD
        || c >= 0x2010 && c <= 0x2027
        || c >= 0x2030 && c <= 0x205E
        || c >= 0x2190 && c <= 0x21FF
        || c >= 0x2500 && c <= 0x25FC
        || c >= 0x2713 && c <= 0x2718;
  }
}
