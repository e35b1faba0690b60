package dev.milktui.tui;

import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.Component;
import com.googlecode.lanterna.gui2.WindowBasedTextGUI;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import com.googlecode.lanterna.input.MouseAction;
import com.googlecode.lanterna.input.MouseActionType;
import dev.milktui.tui.dialog.DialogHost;
import dev.milktui.tui.tools.ToolPane;
import dev.milktui.tui.transcript.TranscriptView;

/**
 * The wheel scrolls the pane under the pointer, three lines a notch, while no dialog is open; other
 * mouse reports do nothing (a click never answers a dialog).
 */
final class MouseWheel {
  private final WindowBasedTextGUI gui;
  private final DialogHost dialogs;
  private final TranscriptView transcriptView;
  private final ToolPane toolPane;

  MouseWheel(
      WindowBasedTextGUI gui,
      DialogHost dialogs,
      TranscriptView transcriptView,
      ToolPane toolPane) {
    this.gui = gui;
    this.dialogs = dialogs;
    this.transcriptView = transcriptView;
    this.toolPane = toolPane;
  }

  void scroll(MouseAction mouse) {
    boolean up = mouse.getActionType() == MouseActionType.SCROLL_UP;
    if ((!up && mouse.getActionType() != MouseActionType.SCROLL_DOWN)
        || dialogs.anyOpen()
        || MainLayout.tooSmall(gui.getScreen().getTerminalSize())) {
      return;
    }
    for (int i = 0; i < 3; i++) {
      if (under(transcriptView, mouse)) {
        if (up) {
          transcriptView.lineUp();
        } else {
          transcriptView.lineDown();
        }
      } else if (under(toolPane, mouse)) {
        toolPane.handleInput(new KeyStroke(up ? KeyType.ArrowUp : KeyType.ArrowDown));
      }
    }
  }

  private static boolean under(Component component, MouseAction mouse) {
    TerminalPosition at = mouse.getPosition();
    TerminalPosition origin = component.toGlobal(TerminalPosition.TOP_LEFT_CORNER);
    TerminalSize size = component.getSize();
    return origin != null
        && at.getColumn() >= origin.getColumn()
        && at.getColumn() < origin.getColumn() + size.getColumns()
        && at.getRow() >= origin.getRow()
        && at.getRow() < origin.getRow() + size.getRows();
  }
}
