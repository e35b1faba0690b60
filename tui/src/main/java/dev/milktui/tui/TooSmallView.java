package dev.milktui.tui;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.AbstractComponent;
import com.googlecode.lanterna.gui2.ComponentRenderer;
import com.googlecode.lanterna.gui2.TextGUIGraphics;
import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.Palette;

/** Shown instead of the panes when the terminal is smaller than the layout needs. */
final class TooSmallView extends AbstractComponent<TooSmallView> {
  private final Palette palette;

  TooSmallView(Palette palette) {
    this.palette = palette;
  }

  static String message(TerminalSize size) {
    return "Terminal too small: "
        + size.getColumns()
        + "x"
        + size.getRows()
        + ", milk-tui needs at least "
        + MainLayout.MIN_COLUMNS
        + "x"
        + MainLayout.MIN_ROWS
        + ". Enlarge the window (Ctrl+C twice quits).";
  }

  @Override
  protected ComponentRenderer<TooSmallView> createDefaultRenderer() {
    return new ComponentRenderer<>() {
      @Override
      public TerminalSize getPreferredSize(TooSmallView component) {
        return TerminalSize.ZERO;
      }

      @Override
      public void drawComponent(TextGUIGraphics g, TooSmallView component) {
        TerminalSize size = g.getSize();
        if (size.getColumns() < 1 || size.getRows() < 1) {
          return;
        }
        palette.apply(g, Palette.Role.WARNING);
        String text = message(size);
        // Word-wrap by hand: the message must fit even a very narrow terminal.
        int row = 0;
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
          if (line.length() > 0 && line.length() + 1 + word.length() > size.getColumns()) {
            g.putString(0, row++, Columns.fit(line.toString(), size.getColumns()));
            line.setLength(0);
          }
          if (line.length() > 0) {
            line.append(' ');
          }
          line.append(word);
        }
        if (row < size.getRows()) {
          g.putString(0, row, Columns.fit(line.toString(), size.getColumns()));
        }
      }
    };
  }
}
