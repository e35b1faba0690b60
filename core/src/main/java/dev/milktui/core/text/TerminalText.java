package dev.milktui.core.text;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Text from Claude, a tool, a file or a child process, made safe for a terminal in one of two ways.
 *
 * <p>{@link #clean}/{@link #oneLine} are for reading: escape sequences (CSI, OSC, DCS and the other
 * string sequences, two-character escapes), C0 and C1 controls and DEL are removed; newline and tab
 * stay. A lone carriage return is dropped (progress output redraws a line with it), bidirectional
 * overrides are removed (they can make shown text differ from what runs), and broken surrogates
 * become U+FFFD. A sequence cut off at the end of a chunk is dropped up to the end.
 *
 * <p>{@link #reveal} is for anything the user approves: nothing is dropped. Every control character
 * is replaced by a visible mark (C0 by its control picture, so ESC shows as {@code ␛} followed by
 * the rest of its sequence as ordinary text; DEL as {@code ␡}; C1, format characters such as bidi
 * overrides and zero-width spaces, line separators, private-use characters, broken surrogates and
 * runs of variation selectors as <code>&#92;u009b</code>-style escapes). Characters that look blank
 * or like another letter are escaped the same way ({@link Lookalikes}: Hangul fillers, the braille
 * blank, overlays, unusual spaces, and a letter of another script inside a word, as the Cyrillic а
 * in {@code Bаsh}). Newline and tab stay as layout. The result is itself safe to print.
 */
public final class TerminalText {
  /** What {@link #reveal} marks, by kind. */
  public enum Finding {
    /** C0 and C1 controls and DEL, so escape sequences too. */
    CONTROL,
    /** Format, separator, private-use and blank-looking characters, runs of variation selectors. */
    HIDDEN,
    /** A letter of another script inside a word ({@code Bаsh}). */
    MIXED_SCRIPT
  }

  private static final char ESC = 0x1B;
  private static final char BEL = 0x07;
  private static final char C1_CSI = 0x9B;
  private static final char C1_ST = 0x9C;
  private static final char C1_OSC = 0x9D;
  private static final char CONTROL_PICTURES = 0x2400;
  private static final char DEL_PICTURE = 0x2421;

  private TerminalText() {}

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

  /**
   * Every character of {@code text}, with each control marked visibly (see the class comment);
   * newline and tab stay.
   */
  public static String reveal(String text) {
    return reveal(text, false);
  }

  /** As {@link #reveal}, but newline and tab are marked too: for one-line fields and titles. */
  public static String revealInline(String text) {
    return reveal(text, true);
  }

  /**
   * True when {@link #reveal} would mark something other than a newline or tab: a control, a hidden
   * or blank-looking character, or a lookalike letter.
   */
  public static boolean hasControls(String text) {
    return text != null && !reveal(text).equals(text);
  }

  /** What {@link #reveal} would mark in {@code text}, by kind; empty for plain text. */
  public static Set<Finding> findings(String text) {
    Set<Finding> found = EnumSet.noneOf(Finding.class);
    if (text == null || text.isEmpty()) {
      return found;
    }
    int previous = -1;
    int i = 0;
    while (i < text.length()) {
      int cp = text.codePointAt(i);
      if (cp < 0x20 && cp != '\n' && cp != '\t' || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F)) {
        found.add(Finding.CONTROL);
      } else if (isHidden(cp) || (isVariationSelector(cp) && isVariationSelector(previous))) {
        found.add(Finding.HIDDEN);
      }
      previous = cp;
      i += Character.charCount(cp);
    }
    if (!Lookalikes.foreignLetters(text).isEmpty()) {
      found.add(Finding.MIXED_SCRIPT);
    }
    return found;
  }

  /**
   * One sentence naming what is marked in {@code texts} and how it shows, for the top of whatever
   * is approved; empty when nothing is.
   */
  public static String warning(String... texts) {
    Set<Finding> found = EnumSet.noneOf(Finding.class);
    for (String text : texts) {
      found.addAll(findings(text));
    }
    if (found.isEmpty()) {
      return "";
    }
    List<String> kinds = new ArrayList<>();
    List<String> legend = new ArrayList<>();
    if (found.contains(Finding.CONTROL)) {
      kinds.add("control characters");
      legend.add("␛ is ESC, ␇ BEL");
    }
    if (found.contains(Finding.HIDDEN)) {
      kinds.add("invisible or blank-looking characters");
    }
    if (found.contains(Finding.MIXED_SCRIPT)) {
      kinds.add("letters of another script inside a word (lookalikes)");
    }
    legend.add("\\u… a hidden or lookalike character");
    return "This input contains "
        + String.join(", ", kinds)
        + ", shown marked below ("
        + String.join(", ", legend)
        + ").";
  }

  private static String reveal(String text, boolean inline) {
    if (text == null || text.isEmpty()) {
      return "";
    }
    StringBuilder out = new StringBuilder(text.length() + 16);
    BitSet foreign = Lookalikes.foreignLetters(text);
    int previous = -1;
    int i = 0;
    while (i < text.length()) {
      // A lone surrogate comes back as itself, one char long.
      int cp = text.codePointAt(i);
      if ((cp == '\n' || cp == '\t') && !inline) {
        out.append((char) cp);
      } else if (cp < 0x20) {
        out.append((char) (CONTROL_PICTURES + cp));
      } else if (cp == 0x7F) {
        out.append(DEL_PICTURE);
      } else if (isHidden(cp)
          || (isVariationSelector(cp) && isVariationSelector(previous))
          || foreign.get(i)) {
        out.append(cp <= 0xFFFF ? String.format("\\u%04x", cp) : String.format("\\U%08x", cp));
      } else {
        out.appendCodePoint(cp);
      }
      previous = cp;
      i += Character.charCount(cp);
    }
    return out.toString();
  }

  /**
   * Characters whose look on a terminal is not the character itself: C1 controls, format characters
   * (bidi overrides, zero-width spaces, tags, soft hyphen…), line and paragraph separators,
   * private-use characters, lone surrogates, the tag block with the supplementary variation
   * selectors (invisible, and enough of them spell out hidden text), and characters that look blank
   * ({@link Lookalikes#looksBlank}).
   */
  private static boolean isHidden(int cp) {
    if (cp >= 0x80 && cp <= 0x9F) {
      return true;
    }
    if ((cp >= 0xE0000 && cp <= 0xE0FFF) || Lookalikes.looksBlank(cp)) {
      return true;
    }
    int type = Character.getType(cp);
    return type == Character.FORMAT
        || type == Character.LINE_SEPARATOR
        || type == Character.PARAGRAPH_SEPARATOR
        || type == Character.PRIVATE_USE
        || type == Character.SURROGATE;
  }

  /** One selector after a character picks its look (emoji); a run of them only hides data. */
  private static boolean isVariationSelector(int cp) {
    return (cp >= 0xFE00 && cp <= 0xFE0F) || (cp >= 0xE0100 && cp <= 0xE01EF);
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

  /** The characters that reorder text on screen: embeddings, overrides, isolates and marks. */
  public static boolean isBidiControl(char c) {
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
