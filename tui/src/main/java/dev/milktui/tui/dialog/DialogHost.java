package dev.milktui.tui.dialog;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.BasicWindow;
import com.googlecode.lanterna.gui2.Panel;
import com.googlecode.lanterna.gui2.Window;
import com.googlecode.lanterna.gui2.WindowBasedTextGUI;
import com.googlecode.lanterna.gui2.WindowListener;
import dev.milktui.tui.layout.DialogLayout;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Opens dialogs without blocking: the window is added and everything after happens in its
 * callbacks. Every dialog also gets the global keys (Ctrl+C, Ctrl+L), and a dialog made by {@link
 * #modal} ignores other keys for {@code inputPause} after it opens. A dialog's content laid out by
 * {@link #layoutPanel} takes the room the screen has now and is laid out again after every resize.
 * Call on the GUI thread.
 */
public final class DialogHost {
  private final WindowBasedTextGUI gui;
  private final WindowListener globalKeys;
  private final Clock clock;
  private final Duration inputPause;
  private final List<Runnable> closedListeners = new ArrayList<>();

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

  /**
   * Opens {@code window} in place of {@code old}, which the user has been reading: its input pause
   * goes on as it was rather than starting over, so a key meant for it is not swallowed.
   */
  public void replace(Window old, Window window) {
    open(window);
    if (window instanceof GuardedWindow guarded && old instanceof GuardedWindow previous) {
      guarded.armLike(previous);
    }
    close(old);
  }

  public void close(Window window) {
    if (window.getTextGUI() != null) {
      gui.removeWindow(window);
      // Later: the dialog's owner finishes what it does on closing (opens the next one) first.
      closedListeners.forEach(this::later);
    }
  }

  /** {@code listener} runs on the GUI thread after each dialog has closed. */
  public void whenClosed(Runnable listener) {
    closedListeners.add(listener);
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

  /**
   * The columns and rows a dialog's content may take now: the screen less the window's frame and a
   * margin, so the main screen still shows around it.
   */
  public TerminalSize room() {
    TerminalSize screen = gui.getScreen().getTerminalSize();
    int margin = screen.getRows() >= 30 ? 4 : 0;
    return new TerminalSize(
        Math.max(10, screen.getColumns() - 4), Math.max(3, screen.getRows() - 2 - margin));
  }

  /** A panel for a dialog's content that fits it to {@link #room} now and after every resize. */
  public Panel layoutPanel() {
    return new Panel(new DialogLayout(this::room));
  }

  /** Columns a dialog's content may take now; see {@link #room}. */
  public int maxColumns() {
    return room().getColumns();
  }

  /** Rows a dialog's content may take now; see {@link #room}. */
  public int maxRows() {
    return room().getRows();
  }
}
