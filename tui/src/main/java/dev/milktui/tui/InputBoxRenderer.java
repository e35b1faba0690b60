package dev.milktui.tui;

import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.graphics.ThemeDefinition;
import com.googlecode.lanterna.gui2.TextBox;
import com.googlecode.lanterna.gui2.TextGUIGraphics;
import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.Graphemes;
import dev.milktui.tui.text.LinePainter;

/**
 * Draws the message box by grapheme, as every other pane is drawn. Lanterna's text box draws one
 * UTF-16 unit per cell and measures by code point: an emoji outside the BMP became two '?', a ZWJ
 * sequence or a flag left gaps after it, and the caret could stand between the halves of one. Here
 * each line is cut to the view in whole graphemes ({@link LinePainter#putText}) and the caret's
 * column is the width of the graphemes before it.
 */
final class InputBoxRenderer implements TextBox.TextBoxRenderer {
  /** The first line and the first column (in terminal columns) in view. */
  private TerminalPosition viewTopLeft = TerminalPosition.TOP_LEFT_CORNER;

  @Override
  public TerminalPosition getViewTopLeft() {
    return viewTopLeft;
  }

  @Override
  public void setViewTopLeft(TerminalPosition position) {
    viewTopLeft =
        new TerminalPosition(Math.max(0, position.getColumn()), Math.max(0, position.getRow()));
  }

  @Override
  public TerminalPosition getCursorLocation(TextBox box) {
    if (box.isReadOnly()) {
      return null;
    }
    TerminalPosition caret = box.getCaretPosition();
    return new TerminalPosition(
        caretColumn(box) - viewTopLeft.getColumn(), caret.getRow() - viewTopLeft.getRow());
  }

  @Override
  public TerminalSize getPreferredSize(TextBox box) {
    int widest = 0;
    for (int i = 0; i < box.getLineCount(); i++) {
      widest = Math.max(widest, Columns.width(box.getLine(i)));
    }
    return new TerminalSize(widest, box.getLineCount());
  }

  @Override
  public void drawComponent(TextGUIGraphics g, TextBox box) {
    TerminalSize size = g.getSize();
    if (size.getRows() == 0 || size.getColumns() == 0) {
      return;
    }
    ThemeDefinition theme = box.getThemeDefinition();
    g.applyThemeStyle(box.isFocused() ? theme.getActive() : theme.getNormal());
    follow(box, size);
    for (int row = 0; row < size.getRows(); row++) {
      int line = row + viewTopLeft.getRow();
      String text = line < box.getLineCount() ? box.getLine(line) : "";
      LinePainter.putText(g, 0, row, size.getColumns(), visible(text, size.getColumns()));
    }
  }

  /** Moves the view so that the caret, and the whole grapheme after it, are in it. */
  private void follow(TextBox box, TerminalSize size) {
    int column = caretColumn(box);
    int row = box.getCaretPosition().getRow();
    String line = box.getLine(row);
    int at = caretIndex(box);
    int next = at < line.length() ? Graphemes.next(line, at, line.length()) : at;
    int after = next > at ? Columns.width(line.substring(at, next)) : 1;
    int left = viewTopLeft.getColumn();
    if (column < left) {
      left = column;
    } else if (column + after > left + size.getColumns()) {
      left = column + after - size.getColumns();
    }
    int top = viewTopLeft.getRow();
    if (row < top) {
      top = row;
    } else if (row >= top + size.getRows()) {
      top = row - size.getRows() + 1;
    }
    viewTopLeft = new TerminalPosition(Math.max(0, left), Math.max(0, top));
  }

  /**
   * The part of {@code line} in view: whole graphemes from the view's first column, a blank where a
   * wide one is cut by the left edge, and no more than {@code width} columns.
   */
  private String visible(String line, int width) {
    int skip = viewTopLeft.getColumn();
    int start = Columns.prefixEnd(line, skip);
    String shown = line.substring(start);
    if (Columns.width(line.substring(0, start)) < skip) {
      // A wide grapheme straddles the left edge: its right half is a blank, the rest follows it.
      int e = Graphemes.next(shown, 0, shown.length());
      shown = " " + shown.substring(e);
    }
    return shown.substring(0, Columns.prefixEnd(shown, width));
  }

  private static int caretIndex(TextBox box) {
    TerminalPosition caret = box.getCaretPosition();
    return Math.min(caret.getColumn(), box.getLine(caret.getRow()).length());
  }

  private static int caretColumn(TextBox box) {
    String line = box.getLine(box.getCaretPosition().getRow());
    return Columns.width(line.substring(0, caretIndex(box)));
  }
}
