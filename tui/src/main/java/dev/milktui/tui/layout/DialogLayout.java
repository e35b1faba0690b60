package dev.milktui.tui.layout;

import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.Component;
import com.googlecode.lanterna.gui2.LayoutManager;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Stacks a dialog's parts top to bottom within the room the screen has now, and again after every
 * resize. Its width is the widest part, up to the room; {@link Fitting} parts are wrapped to that
 * width. When the parts are taller than the room, {@link Scrolling} parts give up rows first (down
 * to their minimum), then other wrapped text; buttons and fields keep their rows, so the ways to
 * answer a dialog are always on screen.
 */
public final class DialogLayout implements LayoutManager {
  private final Supplier<TerminalSize> room;
  private TerminalSize laidOutFor;

  /**
   * @param room the columns and rows a dialog's content may take on the screen as it is now
   */
  public DialogLayout(Supplier<TerminalSize> room) {
    this.room = room;
  }

  @Override
  public TerminalSize getPreferredSize(List<Component> components) {
    TerminalSize r = room.get();
    List<Component> shown = visible(components);
    int width = Math.min(r.getColumns(), widest(shown));
    int height = 0;
    for (int rows : rows(shown, width, r.getRows())) {
      height += rows;
    }
    return new TerminalSize(width, Math.min(height, r.getRows()));
  }

  @Override
  public void doLayout(TerminalSize area, List<Component> components) {
    laidOutFor = room.get();
    List<Component> shown = visible(components);
    for (Component c : components) {
      if (!c.isVisible()) {
        c.setSize(TerminalSize.ZERO);
      }
    }
    int[] rows = rows(shown, area.getColumns(), area.getRows());
    int top = 0;
    for (int i = 0; i < shown.size(); i++) {
      Component c = shown.get(i);
      int columns =
          c instanceof Fitting
              ? area.getColumns()
              : Math.min(area.getColumns(), c.getPreferredSize().getColumns());
      int height = Math.max(0, Math.min(rows[i], area.getRows() - top));
      c.setPosition(new TerminalPosition(0, top));
      c.setSize(new TerminalSize(columns, height));
      top += height;
    }
  }

  @Override
  public boolean hasChanged() {
    return laidOutFor == null || !laidOutFor.equals(room.get());
  }

  private static List<Component> visible(List<Component> components) {
    List<Component> shown = new ArrayList<>();
    for (Component c : components) {
      if (c.isVisible()) {
        shown.add(c);
      }
    }
    return shown;
  }

  private static int widest(List<Component> components) {
    int widest = 1;
    for (Component c : components) {
      widest =
          Math.max(
              widest,
              c instanceof Fitting f ? f.columnsWanted() : c.getPreferredSize().getColumns());
    }
    return widest;
  }

  /** Each part's rows at {@code width}, shrunk as described above to fit {@code available}. */
  static int[] rows(List<Component> components, int width, int available) {
    int n = components.size();
    int[] rows = new int[n];
    int[] least = new int[n];
    int total = 0;
    for (int i = 0; i < n; i++) {
      Component c = components.get(i);
      rows[i] = c instanceof Fitting f ? f.rowsAt(width) : c.getPreferredSize().getRows();
      least[i] = rows[i];
      total += rows[i];
    }
    int excess = total - available;
    if (excess <= 0) {
      return rows;
    }
    for (int i = 0; i < n; i++) {
      if (components.get(i) instanceof Scrolling s) {
        least[i] = Math.min(rows[i], s.minRows());
      }
    }
    excess = shrink(rows, least, excess);
    for (int i = 0; i < n && excess > 0; i++) {
      Component c = components.get(i);
      if (c instanceof Fitting && !(c instanceof ButtonRow) && !(c instanceof Scrolling)) {
        least[i] = Math.min(rows[i], 1);
      }
    }
    shrink(rows, least, excess);
    return rows;
  }

  /** Takes rows from whichever part has the most to spare, one at a time; returns what is left. */
  private static int shrink(int[] rows, int[] least, int excess) {
    while (excess > 0) {
      int pick = -1;
      for (int i = 0; i < rows.length; i++) {
        if (rows[i] > least[i] && (pick < 0 || rows[i] - least[i] > rows[pick] - least[pick])) {
          pick = i;
        }
      }
      if (pick < 0) {
        return excess;
      }
      rows[pick]--;
      excess--;
    }
    return 0;
  }
}
