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
    if (isAlone(c) && isAlone(d)) {
      return after;
    }
    return UnicodeTables.nextBoundary(text, start, end);
  }

  /** Columns of the one grapheme {@code text[start, end)}: 0, 1 or 2. */
  public static int width(CharSequence text, int start, int end) {
    if (end - start == 1) {
      char c = text.charAt(start);
      if (isSimple(c)) {
        return 1;
      }
      if (isSimpleWide(c)) {
        return 2;
      }
    }
    return UnicodeTables.width(text, start, end);
  }

  /** Columns of {@code text} (tabs count as one; callers that keep tabs use {@link Columns}). */
  public static int width(CharSequence text) {
    int n = text.length();
    int w = 0;
    int i = 0;
    while (i < n) {
      char c = text.charAt(i);
      if (i + 1 == n || isAlone(text.charAt(i + 1))) {
        if (isSimple(c)) {
          w++;
          i++;
          continue;
        }
        if (isSimpleWide(c)) {
          w += 2;
          i++;
          continue;
        }
      }
      int e = next(text, i, n);
      w += width(text, i, e);
      i = e;
    }
    return w;
  }

  /** True if {@code c} is a grapheme of its own when the next char is one too. */
  private static boolean isAlone(char c) {
    return isSimple(c) || isSimpleWide(c);
  }

  /**
   * True if {@code c} is, like {@link #isSimple} chars, a grapheme of its own, but two columns
   * wide: CJK ideographs, kana, Hangul syllables, fullwidth forms.
   */
  static boolean isSimpleWide(char c) {
    return c >= 0x4E00 && c <= 0x9FFF
        || c >= 0x3400 && c <= 0x4DBF
        || c >= 0xAC00 && c <= 0xD7A3
        || c >= 0x3041 && c <= 0x3096
        || c >= 0x30A1 && c <= 0x30FA
        || c >= 0x3001 && c <= 0x3029
        || c >= 0xFF01 && c <= 0xFF60;
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
        || c >= 0x2190 && c <= 0x22FF
        || c >= 0x2400 && c <= 0x243F
        || c >= 0x2500 && c <= 0x25FC
        || c == 0x26A0
        || c >= 0x2713 && c <= 0x2718;
  }
}
