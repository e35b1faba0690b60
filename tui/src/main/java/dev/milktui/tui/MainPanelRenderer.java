package dev.milktui.tui;

import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.ComponentRenderer;
import com.googlecode.lanterna.gui2.Panel;
import com.googlecode.lanterna.gui2.TextGUIGraphics;
import dev.milktui.tui.text.LinePainter;

/**
 * Draws the main window's panel: blanks its whole area (the gap between the panes and whatever a
 * closed dialog left must not stay), then its children. Lanterna's own panel renderer blanks with a
 * fresh cell whose width it works out from Unicode block tables for every cell of every frame; this
 * one draws one cell that knows its width.
 */
final class MainPanelRenderer implements ComponentRenderer<Panel> {
  private final Panel.DefaultPanelRenderer children;

  MainPanelRenderer(Panel panel) {
    children = panel.new DefaultPanelRenderer();
    children.setFillAreaBeforeDrawingComponents(false);
  }

  @Override
  public TerminalSize getPreferredSize(Panel panel) {
    return children.getPreferredSize(panel);
  }

  @Override
  public void drawComponent(TextGUIGraphics g, Panel panel) {
    g.fillRectangle(TerminalPosition.TOP_LEFT_CORNER, g.getSize(), LinePainter.blank());
    children.drawComponent(g, panel);
  }
}
