package dev.milktui.tui.layout;

import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.Button;
import com.googlecode.lanterna.gui2.Component;
import com.googlecode.lanterna.gui2.LayoutManager;
import com.googlecode.lanterna.gui2.Panel;
import java.util.List;

/**
 * A dialog's buttons, left to right, wrapping onto another row where the screen is narrow, so no
 * button is ever cut off.
 */
public final class ButtonRow extends Panel implements Fitting {
  private static final int GAP = 1;

  public ButtonRow(Button... buttons) {
    setLayoutManager(new Flow());
    for (Button b : buttons) {
      addComponent(b);
    }
  }

  @Override
  public int columnsWanted() {
    int columns = 0;
    for (Component c : getChildrenList()) {
      columns += (columns == 0 ? 0 : GAP) + c.getPreferredSize().getColumns();
    }
    return Math.max(1, columns);
  }

  @Override
  public int rowsAt(int columns) {
    return Flow.place(getChildrenList(), columns, false);
  }

  /** Lays the buttons out in rows of at most the given width. */
  private static final class Flow implements LayoutManager {
    @Override
    public TerminalSize getPreferredSize(List<Component> components) {
      int columns = 0;
      for (Component c : components) {
        columns += (columns == 0 ? 0 : GAP) + c.getPreferredSize().getColumns();
      }
      return new TerminalSize(columns, components.isEmpty() ? 0 : 1);
    }

    @Override
    public void doLayout(TerminalSize area, List<Component> components) {
      place(components, area.getColumns(), true);
    }

    /** Rows used at {@code width}; with {@code apply}, also sets each button's place. */
    static int place(List<Component> components, int width, boolean apply) {
      int row = 0;
      int col = 0;
      for (Component c : components) {
        int w = Math.min(width, c.getPreferredSize().getColumns());
        if (col > 0 && col + GAP + w > width) {
          row++;
          col = 0;
        }
        int at = col == 0 ? 0 : col + GAP;
        if (apply) {
          c.setPosition(new TerminalPosition(at, row));
          c.setSize(new TerminalSize(w, 1));
        }
        col = at + w;
      }
      return components.isEmpty() ? 0 : row + 1;
    }

    @Override
    public boolean hasChanged() {
      return false;
    }
  }
}
