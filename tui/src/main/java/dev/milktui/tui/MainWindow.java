package dev.milktui.tui;

import com.googlecode.lanterna.gui2.BasicWindow;
import com.googlecode.lanterna.gui2.Component;
import com.googlecode.lanterna.gui2.Panel;
import com.googlecode.lanterna.gui2.TextGUIGraphics;
import com.googlecode.lanterna.gui2.Window;
import dev.milktui.tui.terminal.FrameGraphics;
import java.util.List;

/** The full-screen window the panes sit in, laid out by {@link MainLayout} in the given order. */
final class MainWindow {
  private MainWindow() {}

  /**
   * @param parts in {@link MainLayout}'s order: transcript, tools, title, input, status, …
   */
  static BasicWindow of(Component... parts) {
    Panel root = new Panel(new MainLayout());
    // The window blanks its whole area before each frame; the panel's own fill did it again.
    Panel.DefaultPanelRenderer panelRenderer = root.new DefaultPanelRenderer();
    panelRenderer.setFillAreaBeforeDrawingComponents(false);
    root.setRenderer(panelRenderer);
    for (Component part : parts) {
      root.addComponent(part);
    }
    BasicWindow window =
        new BasicWindow("milk-tui") {
          @Override
          public void draw(TextGUIGraphics graphics) {
            super.draw(FrameGraphics.of(graphics));
          }
        };
    window.setHints(
        List.of(
            Window.Hint.FULL_SCREEN, Window.Hint.NO_DECORATIONS, Window.Hint.NO_POST_RENDERING));
    window.setComponent(root);
    return window;
  }
}
