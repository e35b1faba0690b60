package dev.milktui.tui.text;

import com.googlecode.lanterna.TextCharacter;
import com.googlecode.lanterna.graphics.TextGraphics;
import com.ibm.icu.text.Normalizer2;
import java.util.HashMap;
import java.util.Map;

/**
 * Draws a {@link StyledLine} into exactly {@code width} cells, grapheme by grapheme: wide ones take
 * two cells, one that would cross the right edge becomes a blank, and the cells after the text are
 * blanked, so nothing overlaps and nothing of an earlier frame is left behind.
 *
 * <p>Lanterna decides how many cells a character takes by its own, older rules; where those differ
 * from the grapheme's real width the terminal and Lanterna would disagree about the cursor, so such
 * a grapheme is drawn as one stand-in Lanterna measures the same way (its NFC form, its emoji
 * presentation, its first emoji, or U+FFFD padded to the width).
 */
public final class LinePainter {
  static final String REPLACEMENT = "\uFFFD";
  private static final int MAX_GLYPHS = 4096;

  private final Palette palette;

  /** Non-ASCII graphemes seen so far and what is drawn for them; the UI thread's alone. */
  private final Map<String, String> glyphs = new HashMap<>();

  private final CellCache cells = new CellCache();

  public LinePainter(Palette palette) {
    this.palette = palette;
  }

  /** Draws {@code line} at ({@code col}, {@code row}); returns the columns the text took. */
  public int paint(TextGraphics g, int col, int row, int width, StyledLine line) {
    int x = 0;
    for (Span span : line.spans()) {
      if (x >= width) {
        break;
      }
      palette.apply(g, span.style());
      x = paintSpan(g, cells.of(span.style(), span.link(), g), col, row, width, x, span.text());
    }
    int used = x;
    palette.apply(g, TextStyle.PLAIN);
    TextCharacter blank = cells.of(TextStyle.PLAIN, g).character(' ');
    for (; x < width; x++) {
      g.setCharacter(col + x, row, blank);
    }
    return used;
  }

  /**
   * The URL the text of a cell drawn by {@link #paint} links to, or null: for the frame writer,
   * which makes such cells a hyperlink.
   */
  public static String linkOf(TextCharacter cell) {
    return CellCache.linkOf(cell);
  }

  /**
   * {@code cell}, or a copy of it that knows its width: Lanterna works a plain cell's width out
   * from Unicode tables each time it is asked, and asks for each cell a cell is drawn to or beside.
   */
  public static TextCharacter knowingWidth(TextCharacter cell) {
    return CellCache.knowingWidth(cell);
  }

  /** The cell of {@code c} in {@code g}'s current colours, knowing its width (kept by look). */
  public static TextCharacter blank(TextGraphics g, char c) {
    return CellCache.current(g, null).character(c);
  }

  /**
   * Draws plain {@code text} in {@code g}'s current colours into exactly {@code width} cells, cut
   * with "…" if it is wider ({@link Columns#pad}), as {@link #paint} draws a line: for the rows
   * drawn outside the transcript (status bar, title, spinner, popups, dialogs), where Lanterna's
   * own {@code putString} would take a ZWJ emoji for three characters and a combining mark for a
   * wide one, and push the rest of the row out of place.
   */
  public static void putText(TextGraphics g, int col, int row, int width, String text) {
    CellCache.Cells style = CellCache.current(g, null);
    int x = paintSpan(g, style, col, row, width, 0, Columns.fit(text, width), new HashMap<>());
    for (; x < width; x++) {
      g.setCharacter(col + x, row, style.character(' '));
    }
  }

  /**
   * Draws chars [{@code start}, {@code end}) of {@code text}, which fit the width, as {@link
   * #putText(TextGraphics, int, int, int, String)} draws a row, each part of a URL linked to it.
   */
  public static void putText(
      TextGraphics g, int col, int row, int width, LinkedText text, int start, int end) {
    Map<String, String> glyphs = new HashMap<>();
    CellCache.Cells plain = CellCache.current(g, null);
    int x = 0;
    for (Span part : text.spans(start, end, TextStyle.PLAIN)) {
      CellCache.Cells cells = part.link() == null ? plain : CellCache.current(g, part.link());
      x = paintSpan(g, cells, col, row, width, x, part.text(), glyphs);
    }
    for (; x < width; x++) {
      g.setCharacter(col + x, row, plain.character(' '));
    }
  }

  private int paintSpan(
      TextGraphics g, CellCache.Cells style, int col, int row, int width, int x, String text) {
    return paintSpan(g, style, col, row, width, x, text, glyphs);
  }

  private static int paintSpan(
      TextGraphics g,
      CellCache.Cells style,
      int col,
      int row,
      int width,
      int x,
      String text,
      Map<String, String> glyphs) {
    int n = text.length();
    int i = 0;
    while (i < n && x < width) {
      char c = text.charAt(i);
      if (Graphemes.isSimple(c) && (i + 1 == n || Graphemes.isSimple(text.charAt(i + 1)))) {
        boolean control = c < 0x20 || c == 0x7f;
        g.setCharacter(col + x, row, control ? style.glyph(REPLACEMENT) : style.character(c));
        x++;
        i++;
        continue;
      }
      int e = Graphemes.next(text, i, n);
      int w = Graphemes.width(text, i, e);
      if (w > 0) {
        if (x + w > width) {
          g.setCharacter(col + x, row, style.character(' '));
          return width;
        }
        if (glyphs.size() > MAX_GLYPHS) {
          glyphs.clear();
        }
        String glyph = glyphs.computeIfAbsent(text.substring(i, e), s -> glyphFor(s, w));
        // Two letters stand for a flag, one in each of its cells.
        boolean letters = glyph.length() == 2 && glyph.charAt(0) < 0x80 && glyph.charAt(1) < 0x80;
        if (letters) {
          g.setCharacter(col + x, row, style.character(glyph.charAt(0)));
          g.setCharacter(col + x + 1, row, style.character(glyph.charAt(1)));
        } else {
          TextCharacter cell = style.glyph(glyph);
          g.setCharacter(col + x, row, cell);
          // The cached cell knows whether Lanterna gives it two cells; if not, the second is ours.
          if (w == 2 && !cell.isDoubleWidth()) {
            g.setCharacter(col + x + 1, row, style.character(' '));
          }
        }
        x += w;
      }
      i = e;
    }
    return x;
  }

  /**
   * What to draw for grapheme {@code s} of width {@code w} so that Lanterna agrees on the width.
   */
  static String glyphFor(String s, int w) {
    boolean wide = w == 2;
    int first = UnicodeTables.codePointAt(s, 0, s.length());
    String base = new String(Character.toChars(first));
    if (wide && UnicodeTables.isRegionalIndicator(first)) {
      // A flag: terminals draw its two letters as one, two or four cells; the letters are sure.
      return flagLetters(s);
    }
    if (wide && UnicodeTables.isTextByDefault(first)) {
      // Wide only through U+FE0F or a keycap (⚠️, ❤️, 1️⃣), which terminals such as tmux do not
      // widen: the character as text, narrow everywhere, and a blank after it.
      return drawable(base, false) ? base : REPLACEMENT;
    }
    if (drawable(s, wide)) {
      return s;
    }
    if (!wide) {
      String composed = Normalizer2.getNFCInstance().normalize(s);
      return drawable(composed, false) ? composed : REPLACEMENT;
    }
    if (base.length() == 1 && UnicodeTables.isEmoji(first) && drawable(base + '\uFE0F', true)) {
      return base + '\uFE0F';
    }
    if (base.length() < s.length()
        && Graphemes.width(base, 0, base.length()) == 2
        && drawable(base, true)) {
      return base;
    }
    return REPLACEMENT;
  }

  /** The country letters of a flag's regional indicators ("FR" for 🇫🇷), at most two. */
  private static String flagLetters(String s) {
    StringBuilder letters = new StringBuilder(2);
    for (int i = 0; i < s.length() && letters.length() < 2; ) {
      int cp = UnicodeTables.codePointAt(s, i, s.length());
      if (UnicodeTables.isRegionalIndicator(cp)) {
        letters.append((char) ('A' + cp - 0x1F1E6));
      }
      i += Character.charCount(cp);
    }
    return letters.toString();
  }

  /** True if Lanterna keeps {@code s} as one cell character of the given width. */
  private static boolean drawable(String s, boolean wide) {
    for (int i = 0; i < s.length(); ) {
      int cp = UnicodeTables.codePointAt(s, i, s.length());
      if (!UnicodeTables.isPrintable(cp)) {
        return false;
      }
      i += Character.charCount(cp);
    }
    TextCharacter[] cells = TextCharacter.fromString(s);
    return cells.length == 1 && cells[0].isDoubleWidth() == wide;
  }
}
