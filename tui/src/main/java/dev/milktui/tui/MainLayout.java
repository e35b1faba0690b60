package dev.milktui.tui;

import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.Component;
import com.googlecode.lanterna.gui2.LayoutManager;
import dev.milktui.tui.layout.MinimumSize;
import dev.milktui.tui.tools.ToolPane;
import java.util.List;

/**
 * Places the panes: transcript and tools (side by side when wide, stacked otherwise; the tools pane
 * only once there is a call to show), the running turn's line while it shows, the input title and
 * box, the status bar. Below the minimum size everything gives way to the too-small message.
 * Components are expected in that order: transcript, tools, input title, input, status, too-small
 * view, turn line.
 */
final class MainLayout implements LayoutManager {
  static final int MIN_COLUMNS = MinimumSize.COLUMNS;
  static final int MIN_ROWS = MinimumSize.ROWS;
  static final int SIDE_BY_SIDE_COLUMNS = 110;
  private static final int INPUT_ROWS = 3;

  private TerminalSize last;
  private ToolPane toolPane;
  private boolean toolsShown;

  static boolean tooSmall(TerminalSize size) {
    return MinimumSize.tooSmall(size);
  }

  @Override
  public TerminalSize getPreferredSize(List<Component> components) {
    return new TerminalSize(MIN_COLUMNS, MIN_ROWS);
  }

  @Override
  public void doLayout(TerminalSize area, List<Component> components) {
    last = area;
    Component transcript = components.get(0);
    Component tools = components.get(1);
    Component inputTitle = components.get(2);
    Component input = components.get(3);
    Component status = components.get(4);
    Component tooSmall = components.get(5);
    Component turnLine = components.get(6);
    Component popup = components.get(7);
    if (tooSmall(area)) {
      for (Component c : components) {
        place(c, 0, 0, 0, 0);
      }
      place(tooSmall, 0, 0, area.getColumns(), area.getRows());
      return;
    }
    place(tooSmall, 0, 0, 0, 0);
    TerminalSize popupSize = popup.isVisible() ? popup.getPreferredSize() : TerminalSize.ZERO;
    int w = area.getColumns();
    int h = area.getRows();
    int statusRow = h - 1;
    int inputTop = statusRow - INPUT_ROWS;
    int titleRow = inputTop - 1;
    int turnRows = turnLine.isVisible() ? 1 : 0;
    int paneRows = titleRow - turnRows;
    place(turnLine, 0, paneRows, w, turnRows);
    int popupRows = Math.min(popupSize.getRows(), paneRows);
    place(popup, 0, paneRows - popupRows, Math.min(w, popupSize.getColumns()), popupRows);
    place(status, 0, statusRow, w, 1);
    place(input, 0, inputTop, w, INPUT_ROWS);
    place(inputTitle, 0, titleRow, w, 1);
    toolPane = tools instanceof ToolPane pane ? pane : null;
    toolsShown = toolPane == null || toolPane.rowCount() > 0;
    if (!toolsShown) {
      // No call yet: the pane would take room for nothing.
      place(tools, 0, 0, 0, 0);
      place(transcript, 0, 0, w, paneRows);
    } else if (w >= SIDE_BY_SIDE_COLUMNS) {
      int toolsWidth = w * 2 / 5;
      place(transcript, 0, 0, w - toolsWidth - 1, paneRows);
      place(tools, w - toolsWidth, 0, toolsWidth, paneRows);
    } else {
      int toolRows = Math.max(4, Math.min(12, paneRows / 3));
      place(transcript, 0, 0, w, paneRows - toolRows);
      place(tools, 0, paneRows - toolRows, w, toolRows);
    }
  }

  private static void place(Component c, int col, int row, int columns, int rows) {
    c.setPosition(new TerminalPosition(col, row));
    c.setSize(new TerminalSize(columns, rows));
  }

  @Override
  public boolean hasChanged() {
    return last == null || toolPane != null && toolsShown != toolPane.rowCount() > 0;
  }
}
