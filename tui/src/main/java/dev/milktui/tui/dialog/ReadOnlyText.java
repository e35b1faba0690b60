package dev.milktui.tui.dialog;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.TextBox;
import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.Sanitizer;

/**
 * A scrollable, read-only block of text sized to its content within limits, for what the user
 * approves or inspects (a tool call's input and result): revealed, so nothing is dropped and every
 * control is marked.
 */
public final class ReadOnlyText {
  private ReadOnlyText() {}

  public static TextBox of(String text, int maxColumns, int maxRows) {
    String clean = Sanitizer.reveal(text).replace("\t", "    ");
    String[] lines = clean.split("\n", -1);
    int widest = 10;
    for (String line : lines) {
      widest = Math.max(widest, Columns.width(line));
    }
    TerminalSize size =
        new TerminalSize(
            Math.min(maxColumns, widest + 1), Math.max(1, Math.min(maxRows, lines.length)));
    TextBox box = new TextBox(size, clean, TextBox.Style.MULTI_LINE);
    box.setReadOnly(true);
    return box;
  }
}
