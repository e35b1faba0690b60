package dev.milktui.tui.text;

import com.googlecode.lanterna.SGR;
import com.googlecode.lanterna.TextCharacter;
import com.googlecode.lanterna.TextColor;
import com.googlecode.lanterna.graphics.TextGraphics;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The cells a {@link LinePainter} draws, made once per style and glyph. Lanterna builds every
 * {@code TextCharacter} with a fresh {@code BreakIterator}, a string intern and an {@code EnumSet}
 * copy; made anew for each cell of each frame, that was most of what a redraw allocated.
 *
 * <p>Cells are immutable, so one can be drawn anywhere. The cache is the UI thread's alone.
 */
final class CellCache {
  private static final int MAX_OTHER = 4096;

  private static final int MAX_LINKED = 256;

  private final Map<TextStyle, Cells> byStyle = new EnumMap<>(TextStyle.class);

  /** The cells of linked text, by style and URL; links are few, so the map is small. */
  private final Map<Linked, Cells> linked = new HashMap<>();

  private record Linked(TextStyle style, String link) {}

  private static final int MAX_LOOKS = 64;

  private static final ThreadLocal<Map<Look, Cells>> BY_LOOK =
      ThreadLocal.withInitial(HashMap::new);

  private record Look(
      TextColor foreground, TextColor background, EnumSet<SGR> modifiers, String link) {}

  /**
   * The cells of {@code style}, whose colours and attributes {@code g} holds now (the palette sets
   * them from the style alone, so they are the same each time).
   */
  Cells of(TextStyle style, TextGraphics g) {
    return byStyle.computeIfAbsent(style, s -> new Cells(g, null));
  }

  /** As {@link #of(TextStyle, TextGraphics)}, for text that links to {@code link} (or to none). */
  Cells of(TextStyle style, String link, TextGraphics g) {
    if (link == null) {
      return of(style, g);
    }
    if (linked.size() >= MAX_LINKED) {
      linked.clear();
    }
    return linked.computeIfAbsent(new Linked(style, link), k -> new Cells(g, link));
  }

  /**
   * Cells in the colours {@code g} holds now, for the rows drawn outside any style (status bar,
   * titles, dialogs, a tool's plain output), linked to {@code link} (or to none), kept by colours,
   * attributes and link: made anew for each row of each frame, every char of those rows cost a new
   * Lanterna cell. The map is per thread; the UI thread draws them.
   */
  static Cells current(TextGraphics g, String link) {
    Map<Look, Cells> cells = BY_LOOK.get();
    Look look =
        new Look(
            g.getForegroundColor(),
            g.getBackgroundColor(),
            EnumSet.copyOf(g.getActiveModifiers()),
            link);
    if (cells.size() >= MAX_LOOKS) {
      cells.clear();
    }
    return cells.computeIfAbsent(look, k -> new Cells(g, link));
  }

  /** {@code cell}, or a copy of it that works its width out once rather than on each ask. */
  static TextCharacter knowingWidth(TextCharacter cell) {
    return cell instanceof Cell ? cell : new Cell(cell, null);
  }

  /** The URL a cell drawn here links to, or null. */
  static String linkOf(TextCharacter cell) {
    return cell instanceof Cell c ? c.link : null;
  }

  /** The cells of one style: ASCII in an array, other glyphs in a bounded map. */
  static final class Cells {
    private final TextColor foreground;
    private final TextColor background;
    private final EnumSet<SGR> modifiers;
    private final String link;
    private final TextCharacter[] ascii = new TextCharacter[128];
    private final Map<String, TextCharacter> other = new HashMap<>();

    private Cells(TextGraphics g, String link) {
      this.link = link;
      // A snapshot: the graphics object keeps changing after this.
      this.foreground = g.getForegroundColor();
      this.background = g.getBackgroundColor();
      this.modifiers = EnumSet.copyOf(g.getActiveModifiers());
    }

    /** The cell of one char that is a whole grapheme. */
    TextCharacter character(char c) {
      if (c >= ascii.length) {
        return glyph(String.valueOf(c));
      }
      TextCharacter cell = ascii[c];
      if (cell == null) {
        cell = make(String.valueOf(c));
        ascii[c] = cell;
      }
      return cell;
    }

    TextCharacter glyph(String glyph) {
      TextCharacter cell = other.get(glyph);
      if (cell == null) {
        if (other.size() >= MAX_OTHER) {
          other.clear();
        }
        cell = make(glyph);
        other.put(glyph, cell);
      }
      return cell;
    }

    private TextCharacter make(String glyph) {
      return new Cell(TextCharacter.fromString(glyph, foreground, background, modifiers)[0], link);
    }
  }

  /**
   * A cell that knows its width. Lanterna asks a cell's width several times per frame (setting it,
   * its neighbour, comparing it with the last frame) and works it out each time from Unicode block
   * tables; a cached cell is also drawn again and again, so it first checks identity. It also
   * carries the URL its text links to: the same letter linked and not linked are different cells.
   */
  private static final class Cell extends TextCharacter {
    private static final long serialVersionUID = 1L;
    private final boolean doubleWidth;
    private final String link;

    // The copy constructor is deprecated but the only public one that takes any grapheme; the
    // others take a single char, and an emoji outside the Basic Multilingual Plane is two.
    @SuppressWarnings("deprecation")
    Cell(TextCharacter made, String link) {
      super(made);
      this.doubleWidth = made.isDoubleWidth();
      this.link = link;
    }

    @Override
    public boolean isDoubleWidth() {
      return doubleWidth;
    }

    @Override
    public boolean equals(Object other) {
      return this == other || super.equals(other) && Objects.equals(link, ((Cell) other).link);
    }

    @Override
    public int hashCode() {
      return super.hashCode();
    }
  }
}
