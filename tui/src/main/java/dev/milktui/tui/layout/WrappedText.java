package dev.milktui.tui.layout;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.AbstractComponent;
import com.googlecode.lanterna.gui2.ComponentRenderer;
import com.googlecode.lanterna.gui2.TextGUIGraphics;
import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.LinePainter;
import java.util.List;

/**
 * Prose in a dialog, wrapped between words at whatever width the dialog has now. The caller passes
 * text that has already been through a display policy (cleaned or revealed). If the layout gives it
 * fewer rows than it needs, the last row shown ends in "…". Empty, it takes no room (an error line
 * that appears only when there is an error).
 */
public final class WrappedText extends AbstractComponent<WrappedText> implements Fitting {
  /** Prose wider than this is hard to read; longer lines wrap even on a wide screen. */
  static final int READABLE_COLUMNS = 100;

  private String text;

  public WrappedText(String text) {
    this.text = text.replace("\t", "    ");
  }

  public synchronized WrappedText setText(String value) {
    String next = value.replace("\t", "    ");
    if (!next.equals(text)) {
      text = next;
      invalidate();
    }
    return this;
  }

  public String getText() {
    return text;
  }

  @Override
  public int columnsWanted() {
    return Math.max(1, Math.min(READABLE_COLUMNS, Lines.widest(text)));
  }

  @Override
  public int rowsAt(int columns) {
    return text.isEmpty() ? 0 : Lines.wrap(text, columns, true).size();
  }

  @Override
  protected ComponentRenderer<WrappedText> createDefaultRenderer() {
    return new ComponentRenderer<>() {
      @Override
      public TerminalSize getPreferredSize(WrappedText component) {
        int columns = columnsWanted();
        return new TerminalSize(columns, rowsAt(columns));
      }

      @Override
      public void drawComponent(TextGUIGraphics g, WrappedText component) {
        int width = g.getSize().getColumns();
        int height = g.getSize().getRows();
        if (width < 1 || height < 1) {
          return;
        }
        g.applyThemeStyle(getThemeDefinition().getNormal());
        List<String> lines = Lines.wrap(text, width, true);
        for (int row = 0; row < height && row < lines.size(); row++) {
          String line = lines.get(row);
          boolean cut = row == height - 1 && lines.size() > height;
          LinePainter.putText(g, 0, row, width, cut ? Columns.fit(line + " …", width) : line);
        }
      }
    };
  }
}
