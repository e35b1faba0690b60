package dev.milktui.tui;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.TextCharacter;
import com.googlecode.lanterna.gui2.MultiWindowTextGUI;
import com.googlecode.lanterna.gui2.SameTextGUIThread;
import com.googlecode.lanterna.gui2.WindowListenerAdapter;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import dev.milktui.tui.dialog.DialogHost;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;

/**
 * A bare virtual-terminal GUI for one dialog, without the rest of the UI: cheap enough to open
 * thousands of dialogs in a property test. Keys are queued and take effect at the next {@link
 * #pump()}.
 */
final class DialogScreen {
  final DefaultVirtualTerminal vt;
  final MultiWindowTextGUI gui;
  final DialogHost host;

  DialogScreen(int columns, int rows) {
    try {
      vt = new DefaultVirtualTerminal(new TerminalSize(columns, rows));
      TerminalScreen screen = new TerminalScreen(vt);
      screen.startScreen();
      gui = new MultiWindowTextGUI(new SameTextGUIThread.Factory(), screen);
      // No input pause: these tests drive dialogs key by key, as after the pause.
      host = new DialogHost(gui, new WindowListenerAdapter() {}, Clock.systemUTC(), Duration.ZERO);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  DialogScreen queue(KeyType type) {
    vt.addInput(new KeyStroke(type));
    return this;
  }

  DialogScreen queue(String text) {
    for (char c : text.toCharArray()) {
      vt.addInput(new KeyStroke(c, false, false));
    }
    return this;
  }

  DialogScreen pump() {
    try {
      gui.getGUIThread().processEventsAndUpdate();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return this;
  }

  String screen() {
    return text(vt);
  }

  /** The terminal's text, one line per row, trailing blanks stripped. */
  static String text(DefaultVirtualTerminal vt) {
    TerminalSize size = vt.getTerminalSize();
    StringBuilder out = new StringBuilder();
    for (int row = 0; row < size.getRows(); row++) {
      StringBuilder line = new StringBuilder();
      for (int col = 0; col < size.getColumns(); col++) {
        TextCharacter c = vt.getCharacter(col, row);
        line.append(c == null ? " " : c.getCharacterString());
      }
      out.append(line.toString().stripTrailing()).append('\n');
    }
    return out.toString();
  }
}
