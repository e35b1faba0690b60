package dev.milktui.tui.dialog;

import com.googlecode.lanterna.gui2.BasicWindow;
import com.googlecode.lanterna.gui2.Window;
import com.googlecode.lanterna.gui2.WindowBasedTextGUI;
import com.googlecode.lanterna.gui2.WindowListener;
import java.util.List;

/**
 * Opens dialogs without blocking: the window is added and everything after happens in its
 * callbacks. Every dialog also gets the global keys (Ctrl+C, Ctrl+L). Call on the GUI thread.
 */
public final class DialogHost {
  private final WindowBasedTextGUI gui;
  private final WindowListener globalKeys;

  public DialogHost(WindowBasedTextGUI gui, WindowListener globalKeys) {
    this.gui = gui;
    this.globalKeys = globalKeys;
  }

  /** A modal, centred window (Lanterna does not centre dialogs by itself). */
  public static BasicWindow modal(String title) {
    BasicWindow window = new BasicWindow(title);
    window.setHints(List.of(Window.Hint.MODAL, Window.Hint.CENTERED));
    return window;
  }

  public void open(Window window) {
    window.addWindowListener(globalKeys);
    gui.addWindow(window);
    gui.setActiveWindow(window);
  }

  public void close(Window window) {
    if (window.getTextGUI() != null) {
      gui.removeWindow(window);
    }
  }

  /** Room a dialog may take: the screen less a margin. */
  public int maxColumns() {
    return Math.max(20, gui.getScreen().getTerminalSize().getColumns() - 6);
  }

  public int maxRows() {
    return Math.max(6, gui.getScreen().getTerminalSize().getRows() - 6);
  }
}
