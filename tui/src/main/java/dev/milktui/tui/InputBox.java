package dev.milktui.tui;

import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.TextBox;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import java.util.function.Consumer;

/**
 * The message box. Enter sends; Ctrl+J and Alt+Enter insert a newline (Shift+Enter is not reliable
 * across terminals); Up on the first line and Down on the last browse the history.
 */
public final class InputBox extends TextBox {
  private final InputHistory history;
  private final Consumer<String> onSend;

  public InputBox(InputHistory history, Consumer<String> onSend) {
    super(new TerminalSize(40, 3), "", Style.MULTI_LINE);
    this.history = history;
    this.onSend = onSend;
    setVerticalFocusSwitching(false);
    setHorizontalFocusSwitching(false);
  }

  static boolean isNewlineKey(KeyStroke key) {
    return (key.getKeyType() == KeyType.Enter && key.isAltDown())
        || (key.getKeyType() == KeyType.Character
            && key.isCtrlDown()
            && Character.toLowerCase(key.getCharacter()) == 'j');
  }

  @Override
  public synchronized Result handleKeyStroke(KeyStroke key) {
    if (isNewlineKey(key)) {
      return super.handleKeyStroke(new KeyStroke(KeyType.Enter));
    }
    KeyType type = key.getKeyType();
    if (type == KeyType.Enter && !key.isCtrlDown()) {
      send();
      return Result.HANDLED;
    }
    if (type == KeyType.ArrowUp && getCaretPosition().getRow() == 0) {
      replaceWith(history.previous(getText()));
      return Result.HANDLED;
    }
    if (type == KeyType.ArrowDown && getCaretPosition().getRow() >= getLineCount() - 1) {
      replaceWith(history.next());
      return Result.HANDLED;
    }
    if (type == KeyType.Tab || type == KeyType.ReverseTab) {
      return Result.UNHANDLED;
    }
    return super.handleKeyStroke(key);
  }

  private void send() {
    String text = getText();
    if (text.isBlank()) {
      return;
    }
    history.add(text);
    setText("");
    onSend.accept(text);
  }

  private void replaceWith(String text) {
    if (text == null) {
      return;
    }
    setText(text);
    int last = getLineCount() - 1;
    setCaretPosition(last, getLine(last).length());
  }

  @Override
  public TerminalPosition getCursorLocation() {
    return isFocused() ? super.getCursorLocation() : null;
  }
}
