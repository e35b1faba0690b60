package dev.milktui.tui.dialog;

import com.googlecode.lanterna.gui2.BasicWindow;
import com.googlecode.lanterna.gui2.Window;
import com.googlecode.lanterna.gui2.WindowBasedTextGUI;
import com.googlecode.lanterna.gui2.WindowListener;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * Opens dialogs without blocking: the window is added and everything after happens in its
 * callbacks. Every dialog also gets the global keys (Ctrl+C, Ctrl+L), and a dialog made by {@link
 * #modal} ignores other keys for {@code inputPause} after it opens. Call on the GUI thread.
 */
public final class DialogHost {
  private final WindowBasedTextGUI gui;
  private final WindowListener globalKeys;
  private final Clock clock;
  private final Duration inputPause;

  public DialogHost(
      WindowBasedTextGUI gui, WindowListener globalKeys, Clock clock, Duration inputPause) {
    this.gui = gui;
    this.globalKeys = globalKeys;
    this.clock = clock;
    this.inputPause = inputPause;
  }

  /** A modal, centred window (Lanterna does not centre dialogs by itself) with the input pause. */
  public static BasicWindow modal(String title) {
    BasicWindow window = new GuardedWindow(title);
    window.setHints(List.of(Window.Hint.MODAL, Window.Hint.CENTERED));
    return window;
  }

  public void open(Window window) {
    window.addWindowListener(globalKeys);
    if (window instanceof GuardedWindow guarded) {
      guarded.arm(clock, inputPause, globalKeys);
    }
    gui.addWindow(window);
    gui.setActiveWindow(window);
  }

  public void close(Window window) {
    if (window.getTextGUI() != null) {
      gui.removeWindow(window);
    }
  }

  /** True while some dialog is open: the main window does not have the keys. */
  public boolean anyOpen() {
    return gui.getWindows().stream().anyMatch(GuardedWindow.class::isInstance);
  }

  /** Lets an ended pause disappear from the screen; called on the UI's regular tick. */
  public void tick() {
    for (Window window : gui.getWindows()) {
      if (window instanceof GuardedWindow guarded) {
        guarded.refreshPause();
      }
    }
  }

  /** Runs {@code action} on the GUI thread later: how work done elsewhere reports to a dialog. */
  public void later(Runnable action) {
    gui.getGUIThread().invokeLater(action);
  }

  /** Room a dialog may take: the screen less a margin. */
  public int maxColumns() {
    return Math.max(20, gui.getScreen().getTerminalSize().getColumns() - 6);
  }

  public int maxRows() {
    return Math.max(6, gui.getScreen().getTerminalSize().getRows() - 6);
  }
}
