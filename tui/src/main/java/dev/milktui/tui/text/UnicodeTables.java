package dev.milktui.tui.text;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.lang.UCharacterEnums.ECharacterCategory;
import com.ibm.icu.lang.UProperty;
import com.ibm.icu.text.BreakIterator;
import com.ibm.icu.util.ULocale;
import java.nio.CharBuffer;

/**
 * ICU's grapheme segmentation and width properties. Only {@link Graphemes} calls this, for
 * non-ASCII text, so ICU's classes load the first time such text is measured.
 */
final class UnicodeTables {
  /** A grapheme longer than this is cut: it bounds the work for a pathological mark pile-up. */
  private static final int MAX_GRAPHEME = 64;

  private static final char VS16 = '\uFE0F';

  private static final ThreadLocal<BreakIterator> CHARACTERS =
      ThreadLocal.withInitial(() -> BreakIterator.getCharacterInstance(ULocale.ROOT));

  private UnicodeTables() {}

  static int nextBoundary(CharSequence text, int start, int end) {
    int cp = codePointAt(text, start, end);
    int after = start + Character.charCount(cp);
    if (after >= end) {
      return end;
    }
    if (Character.isSurrogate(text.charAt(start)) && Character.charCount(cp) == 1) {
      return after;
    }
    // Fast path: a plain character followed by one that cannot extend it always ends here.
    if (breakClass(cp) == UCharacter.GraphemeClusterBreak.OTHER
        && !extendsPrevious(codePointAt(text, after, end))) {
      return after;
    }
    int limit = Math.min(end, start + MAX_GRAPHEME);
    BreakIterator characters = CHARACTERS.get();
    characters.setText(CharBuffer.wrap(text, start, limit));
    int boundary = characters.following(0);
    return boundary == BreakIterator.DONE ? limit : start + boundary;
  }

  static int width(CharSequence text, int start, int end) {
    int cp = codePointAt(text, start, end);
    if (Character.charCount(cp) == 1 && Character.isSurrogate((char) cp)) {
      return 1;
    }
    if (isZeroWidth(cp)) {
      return onlyZeroWidth(text, start, end) ? 0 : 1;
    }
    if (UCharacter.hasBinaryProperty(cp, UProperty.REGIONAL_INDICATOR)) {
      return end - start >= 4 ? 2 : 1;
    }
    if (UCharacter.hasBinaryProperty(cp, UProperty.EMOJI_PRESENTATION) || isWide(cp)) {
      return 2;
    }
    if (UCharacter.hasBinaryProperty(cp, UProperty.EMOJI) && contains(text, start, end, VS16)) {
      return 2;
    }
    return 1;
  }

  /** True if {@code cp} is drawn by terminals as it is: assigned, not a control or surrogate. */
  static boolean isPrintable(int cp) {
    int type = UCharacter.getType(cp);
    return type != ECharacterCategory.UNASSIGNED
        && type != ECharacterCategory.CONTROL
        && type != ECharacterCategory.SURROGATE
        && type != ECharacterCategory.PRIVATE_USE;
  }

  /** True if {@code cp} carries the Emoji property (it may take VS16 for emoji presentation). */
  static boolean isEmoji(int cp) {
    return UCharacter.hasBinaryProperty(cp, UProperty.EMOJI);
  }

  /** True for a character drawn as text unless a variation selector or keycap makes it emoji. */
  static boolean isTextByDefault(int cp) {
    return !UCharacter.hasBinaryProperty(cp, UProperty.EMOJI_PRESENTATION) && !isWide(cp);
  }

  static boolean isRegionalIndicator(int cp) {
    return cp >= 0x1F1E6 && cp <= 0x1F1FF;
  }

  private static boolean isWide(int cp) {
    int eaw = UCharacter.getIntPropertyValue(cp, UProperty.EAST_ASIAN_WIDTH);
    return eaw == UCharacter.EastAsianWidth.WIDE || eaw == UCharacter.EastAsianWidth.FULLWIDTH;
  }

  private static boolean isZeroWidth(int cp) {
    int type = UCharacter.getType(cp);
    return type == ECharacterCategory.NON_SPACING_MARK
        || type == ECharacterCategory.ENCLOSING_MARK
        || type == ECharacterCategory.FORMAT
        || UCharacter.hasBinaryProperty(cp, UProperty.DEFAULT_IGNORABLE_CODE_POINT);
  }

  /** A lone mark is shown (as a replacement); lone format characters take no column. */
  private static boolean onlyZeroWidth(CharSequence text, int start, int end) {
    for (int i = start; i < end; ) {
      int cp = codePointAt(text, i, end);
      int type = UCharacter.getType(cp);
      if (type == ECharacterCategory.NON_SPACING_MARK
          || type == ECharacterCategory.ENCLOSING_MARK
          || !isZeroWidth(cp)) {
        return false;
      }
      i += Character.charCount(cp);
    }
    return true;
  }

  private static int breakClass(int cp) {
    return UCharacter.getIntPropertyValue(cp, UProperty.GRAPHEME_CLUSTER_BREAK);
  }

  private static boolean extendsPrevious(int cp) {
    int gcb = breakClass(cp);
    return gcb == UCharacter.GraphemeClusterBreak.EXTEND
        || gcb == UCharacter.GraphemeClusterBreak.ZWJ
        || gcb == UCharacter.GraphemeClusterBreak.SPACING_MARK;
  }

  private static boolean contains(CharSequence text, int start, int end, char c) {
    for (int i = start; i < end; i++) {
      if (text.charAt(i) == c) {
        return true;
      }
    }
    return false;
  }

  /** The code point at {@code i}, never reading past {@code end}; a lone surrogate as itself. */
  static int codePointAt(CharSequence text, int i, int end) {
    char c = text.charAt(i);
    if (Character.isHighSurrogate(c) && i + 1 < end) {
      char d = text.charAt(i + 1);
      if (Character.isLowSurrogate(d)) {
        return Character.toCodePoint(c, d);
      }
    }
    return c;
  }
}
