package dev.milktui.tui.layout;

import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.AbstractInteractableComponent;
import com.googlecode.lanterna.gui2.InteractableRenderer;
import com.googlecode.lanterna.gui2.TextGUIGraphics;
import com.googlecode.lanterna.input.KeyStroke;
import dev.milktui.tui.text.LinePainter;
import dev.milktui.tui.text.LinkedText;
import java.util.List;
import java.util.function.IntFunction;

/**
 * A block of text in a dialog that takes the rows the screen can spare and scrolls the rest: it
 * takes the focus (Tab), ↑/↓ move a line, PgUp/PgDn a page, Home/End to the ends, and a row at the
 * top or bottom says how many lines are out of view, so nothing is hidden without a mark. The
 * caller passes text that has already been through a display policy. Code wraps at the column
 * (nothing reflowed), prose between words. URLs in it are links ({@link LinkedText}), every row of
 * a wrapped one.
 */
public final class ScrollText extends AbstractInteractableComponent<ScrollText>
    implements Scrolling {
  private final boolean prose;
  private String text;
  private String[] logical;
  // Each logical line with its links, found when first drawn (null: not yet).
  private LinkedText[] linked;
  // A theme custom style's name per logical line (null: the normal style); null: all normal.
  private IntFunction<String> lineStyles;
  // The wrapped rows at piecesWidth columns, made once per text and width (null: not yet).
  private List<Lines.Piece> pieces;
  private int piecesWidth;
  private int top;
  private int lastWidth = 1;
  private int lastRows = 1;
  private boolean drawn;

  private ScrollText(String text, boolean prose) {
    this.prose = prose;
    text(expandTabs(text));
  }

  private static String expandTabs(String value) {
    return value.replace("\t", "    ");
  }

  /** Takes {@code expanded}, text whose tabs are expanded, as the text shown. */
  private void text(String expanded) {
    text = expanded;
    logical = text.split("\n", -1);
    linked = new LinkedText[logical.length];
    pieces = null;
  }

  /** Text whose lines must stay as they are (code, a diff, a command). */
  public static ScrollText code(String text) {
    return new ScrollText(text, false);
  }

  /** Text that may be reflowed between words (help, explanations). */
  public static ScrollText prose(String text) {
    return new ScrollText(text, true);
  }

  public String text() {
    return text;
  }

  /**
   * Draws logical line {@code n} (before wrapping) in the theme's custom style named {@code
   * styles.apply(n)}, where that style exists (a diff's added and removed lines); null: the normal
   * style.
   */
  public ScrollText lineStyles(IntFunction<String> styles) {
    this.lineStyles = styles;
    invalidate();
    return this;
  }

  /** Replaces the text and shows it from the top. */
  public synchronized ScrollText setText(String value) {
    String expanded = expandTabs(value);
    if (!expanded.equals(text)) {
      text(expanded);
      top = 0;
      invalidate();
    }
    return this;
  }

  /**
   * Replaces the text and keeps the view: one that showed the end shows the new end, any other
   * keeps its top line (text that follows something as it grows).
   */
  public synchronized void follow(String value) {
    boolean atEnd = drawn && !view().below();
    text(expandTabs(value));
    if (atEnd) {
      top = Integer.MAX_VALUE;
    }
    invalidate();
  }

  @Override
  public int columnsWanted() {
    int widest = Lines.widest(text);
    return Math.max(10, prose ? Math.min(WrappedText.READABLE_COLUMNS, widest) : widest);
  }

  @Override
  public int rowsAt(int columns) {
    return lines(columns).size();
  }

  private List<Lines.Piece> lines(int columns) {
    int width = Math.max(1, columns);
    if (pieces == null || piecesWidth != width) {
      pieces = Lines.pieces(logical, width, prose);
      piecesWidth = width;
    }
    return pieces;
  }

  private LinkedText linked(int line) {
    if (linked[line] == null) {
      linked[line] = LinkedText.of(logical[line]);
    }
    return linked[line];
  }

  /** What a view of {@code rows} rows from line {@code from} of {@code total} shows. */
  record View(boolean above, int first, int count, boolean below) {
    static View of(int total, int rows, int from) {
      if (total <= rows || rows < 3) {
        int start = Math.max(0, Math.min(from, total - rows));
        return new View(false, start, Math.min(rows, total - start), false);
      }
      int start = Math.max(0, Math.min(from, total - (rows - 1)));
      boolean above = start > 0;
      int room = rows - (above ? 1 : 0);
      boolean below = start + room < total;
      int count = below ? room - 1 : room;
      return new View(above, start, count, below);
    }
  }

  private View view() {
    return View.of(rowsAt(lastWidth), lastRows, top);
  }

  @Override
  protected Result handleKeyStroke(KeyStroke key) {
    View v = view();
    int total = rowsAt(lastWidth);
    int page = Math.max(1, v.count() - 1);
    switch (key.getKeyType()) {
      case ArrowDown:
        if (!v.below()) {
          return Result.MOVE_FOCUS_NEXT;
        }
        scrollTo(v.first() + 1);
        return Result.HANDLED;
      case ArrowUp:
        if (!v.above()) {
          return Result.MOVE_FOCUS_PREVIOUS;
        }
        scrollTo(v.first() - 1);
        return Result.HANDLED;
      case PageDown:
        scrollTo(v.first() + page);
        return Result.HANDLED;
      case PageUp:
        scrollTo(v.first() - page);
        return Result.HANDLED;
      case Home:
        scrollTo(0);
        return Result.HANDLED;
      case End:
        scrollTo(total);
        return Result.HANDLED;
      default:
        return super.handleKeyStroke(key);
    }
  }

  private void scrollTo(int line) {
    top = View.of(rowsAt(lastWidth), lastRows, Math.max(0, line)).first();
    invalidate();
  }

  @Override
  protected InteractableRenderer<ScrollText> createDefaultRenderer() {
    return new InteractableRenderer<>() {
      @Override
      public TerminalPosition getCursorLocation(ScrollText component) {
        return null;
      }

      @Override
      public TerminalSize getPreferredSize(ScrollText component) {
        int columns = columnsWanted();
        return new TerminalSize(columns, rowsAt(columns));
      }

      @Override
      public void drawComponent(TextGUIGraphics g, ScrollText component) {
        int width = g.getSize().getColumns();
        int rows = g.getSize().getRows();
        if (width < 1 || rows < 1) {
          return;
        }
        lastWidth = width;
        lastRows = rows;
        drawn = true;
        List<Lines.Piece> lines = lines(width);
        View v = View.of(lines.size(), rows, top);
        top = v.first();
        int row = 0;
        if (v.above()) {
          mark(g, row++, "↑ " + v.first() + " more line(s) · PgUp", width);
        }
        for (int i = 0; i < v.count(); i++) {
          Lines.Piece piece = lines.get(v.first() + i);
          String custom = lineStyles == null ? null : lineStyles.apply(piece.line());
          g.applyThemeStyle(
              custom == null
                  ? getThemeDefinition().getNormal()
                  : getThemeDefinition().getCustom(custom, getThemeDefinition().getNormal()));
          LinePainter.putText(g, 0, row++, width, linked(piece.line()), piece.start(), piece.end());
        }
        if (v.below()) {
          int after = lines.size() - v.first() - v.count();
          mark(
              g,
              row,
              "↓ " + after + " more line(s) · " + (isFocused() ? "PgDn" : "Tab here, then PgDn"),
              width);
        }
      }

      private void mark(TextGUIGraphics g, int row, String text, int width) {
        g.applyThemeStyle(
            isFocused() ? getThemeDefinition().getActive() : getThemeDefinition().getSelected());
        LinePainter.putText(g, 0, row, width, text);
      }
    };
  }
}
