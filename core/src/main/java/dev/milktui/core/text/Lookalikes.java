package dev.milktui.core.text;

import java.lang.Character.UnicodeScript;
import java.util.BitSet;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;

/**
 * Characters that read as something they are not, for {@link TerminalText#reveal}: blank-looking
 * characters (Hangul fillers, the braille blank, the combining grapheme joiner, overlays that
 * strike through the letter before them, spaces other than the ASCII one) and letters of another
 * script inside one word ({@code Bаsh} with a Cyrillic а, {@code https://аpple.com}). Java's own
 * script tables are enough for this; core carries no ICU.
 */
final class Lookalikes {
  /**
   * Scripts that are written together inside one word in ordinary text (UTS #39's "highly
   * restrictive" sets: Latin with Japanese, with Chinese and Bopomofo, or with Korean).
   */
  private static final Set<Set<UnicodeScript>> WRITTEN_TOGETHER =
      Set.of(
          Set.of(
              UnicodeScript.LATIN,
              UnicodeScript.HAN,
              UnicodeScript.HIRAGANA,
              UnicodeScript.KATAKANA),
          Set.of(UnicodeScript.LATIN, UnicodeScript.HAN, UnicodeScript.BOPOMOFO),
          Set.of(UnicodeScript.LATIN, UnicodeScript.HAN, UnicodeScript.HANGUL));

  private Lookalikes() {}

  /**
   * Whether {@code cp} shows as blank or as part of its neighbour although it is a character of its
   * own: Unicode's default-ignorable letters and marks that are not format characters (those are
   * marked anyway), the braille blank, overlay marks, and every space but U+0020.
   */
  static boolean looksBlank(int cp) {
    return cp == 0x034F // combining grapheme joiner
        || cp == 0x115F
        || cp == 0x1160 // Hangul choseong and jungseong fillers
        || cp == 0x3164 // Hangul filler
        || cp == 0xFFA0 // halfwidth Hangul filler
        || cp == 0x17B4
        || cp == 0x17B5 // Khmer inherent vowels
        || (cp >= 0x180B && cp <= 0x180F) // Mongolian variation selectors and vowel separator
        || cp == 0x2800 // braille pattern blank
        || isOverlay(cp)
        || (cp != ' ' && Character.getType(cp) == Character.SPACE_SEPARATOR);
  }

  /** Combining marks of canonical combining class 1 (overlay): they strike through a letter. */
  private static boolean isOverlay(int cp) {
    return (cp >= 0x0334 && cp <= 0x0338)
        || cp == 0x1CD4
        || (cp >= 0x1CE2 && cp <= 0x1CE8)
        || cp == 0x20D2
        || cp == 0x20D3
        || (cp >= 0x20D8 && cp <= 0x20DA)
        || cp == 0x20E5
        || cp == 0x20E6
        || cp == 0x20EA
        || cp == 0x20EB
        || cp == 0x10A39
        || (cp >= 0x16AF0 && cp <= 0x16AF4)
        || cp == 0x1BC9E
        || (cp >= 0x1D167 && cp <= 0x1D169);
  }

  /**
   * The char indices of letters that stand in a word of mixed scripts without belonging to its main
   * script. A word is a run of characters that have a script (letters and the marks on them);
   * digits, punctuation, slashes and dots end it, so a path or host is checked part by part. The
   * main script is the word's most frequent one, Latin on a tie.
   */
  static BitSet foreignLetters(String text) {
    BitSet marked = new BitSet();
    if (text.chars().allMatch(c -> c < 0x80)) {
      // ASCII letters are all Latin: the common case costs one pass and no map.
      return marked;
    }
    int i = 0;
    while (i < text.length()) {
      int cp = text.codePointAt(i);
      if (!inWord(cp)) {
        i += Character.charCount(cp);
        continue;
      }
      int start = i;
      Map<UnicodeScript, Integer> counts = new EnumMap<>(UnicodeScript.class);
      while (i < text.length() && inWord(cp = text.codePointAt(i))) {
        UnicodeScript script = UnicodeScript.of(cp);
        if (script != UnicodeScript.INHERITED) {
          counts.merge(script, 1, Integer::sum);
        }
        i += Character.charCount(cp);
      }
      if (mixed(counts.keySet())) {
        markForeign(text, start, i, main(counts), marked);
      }
    }
    return marked;
  }

  /** Blank-looking characters end a word: they are marked already and are no letter of it. */
  private static boolean inWord(int cp) {
    if (looksBlank(cp)) {
      return false;
    }
    UnicodeScript script = UnicodeScript.of(cp);
    return script != UnicodeScript.COMMON && script != UnicodeScript.UNKNOWN;
  }

  private static boolean mixed(Set<UnicodeScript> scripts) {
    if (scripts.size() < 2) {
      return false;
    }
    for (Set<UnicodeScript> together : WRITTEN_TOGETHER) {
      if (together.containsAll(scripts)) {
        return false;
      }
    }
    return true;
  }

  private static UnicodeScript main(Map<UnicodeScript, Integer> counts) {
    UnicodeScript main = UnicodeScript.LATIN;
    int most = counts.getOrDefault(UnicodeScript.LATIN, 0);
    for (Map.Entry<UnicodeScript, Integer> entry : counts.entrySet()) {
      if (entry.getValue() > most) {
        main = entry.getKey();
        most = entry.getValue();
      }
    }
    return main;
  }

  private static void markForeign(
      String text, int start, int end, UnicodeScript main, BitSet marked) {
    int i = start;
    while (i < end) {
      int cp = text.codePointAt(i);
      UnicodeScript script = UnicodeScript.of(cp);
      if (script != main && script != UnicodeScript.INHERITED) {
        marked.set(i);
      }
      i += Character.charCount(cp);
    }
  }
}
