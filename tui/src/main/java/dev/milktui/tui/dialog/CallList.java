package dev.milktui.tui.dialog;

import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.AbstractInteractableComponent;
import com.googlecode.lanterna.gui2.InteractableRenderer;
import com.googlecode.lanterna.gui2.TextGUIGraphics;
import com.googlecode.lanterna.input.KeyStroke;
import dev.milktui.tui.layout.Scrolling;
import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.LinePainter;
import dev.milktui.tui.tools.InputSummary;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The grant dialog's calls, one row each, scrolled so the row under the cursor is always on screen:
 * ↑/↓ (PgUp/PgDn, Home/End) move, Space ticks, ←/→ pick the row's rule (on a row with one rule,
 * they choose it). Every call can be reached and seen; a row that cannot be granted says so.
 */
final class CallList extends AbstractInteractableComponent<CallList> implements Scrolling {
  private final GrantForm form;
  private final UnaryOperator<String> shown;
  private final Runnable onChange;
  private int rows = 1;
  private int cursor;
  private int top;

  /**
   * @param shown how the dialog shows a tool name, input or rule (its one display policy)
   * @param onChange after every tick or rule change and cursor move
   */
  CallList(GrantForm form, UnaryOperator<String> shown, Runnable onChange) {
    this.form = form;
    this.shown = shown;
    this.onChange = onChange;
  }

  @Override
  public int columnsWanted() {
    int widest = 20;
    for (int i = 0; i < form.items().size(); i++) {
      widest = Math.max(widest, 2 + Columns.width(left(i)) + 1 + Columns.width(right(i)));
    }
    return widest;
  }

  @Override
  public int rowsAt(int columns) {
    return Math.max(1, form.items().size());
  }

  @Override
  public int minRows() {
    return Math.min(3, rowsAt(0));
  }

  int cursor() {
    return cursor;
  }

  private void moveTo(int row) {
    cursor = Math.max(0, Math.min(row, form.items().size() - 1));
    if (cursor < top) {
      top = cursor;
    } else if (cursor >= top + rows) {
      top = cursor - rows + 1;
    }
    changed();
  }

  private void changed() {
    invalidate();
    onChange.run();
  }

  @Override
  protected Result handleKeyStroke(KeyStroke key) {
    int count = form.items().size();
    switch (key.getKeyType()) {
      case ArrowDown:
        if (cursor + 1 >= count) {
          return Result.MOVE_FOCUS_NEXT;
        }
        moveTo(cursor + 1);
        return Result.HANDLED;
      case ArrowUp:
        if (cursor == 0) {
          return Result.MOVE_FOCUS_PREVIOUS;
        }
        moveTo(cursor - 1);
        return Result.HANDLED;
      case PageDown:
        moveTo(cursor + rows);
        return Result.HANDLED;
      case PageUp:
        moveTo(cursor - rows);
        return Result.HANDLED;
      case Home:
        moveTo(0);
        return Result.HANDLED;
      case End:
        moveTo(count - 1);
        return Result.HANDLED;
      case ArrowRight:
        pickRule(1);
        return Result.HANDLED;
      case ArrowLeft:
        pickRule(-1);
        return Result.HANDLED;
      default:
        break;
    }
    if (Keys.is(key, ' ')) {
      GrantForm.Item item = form.items().get(cursor);
      if (item.grantable()) {
        form.setTicked(cursor, !item.ticked());
        changed();
      }
      return Result.HANDLED;
    }
    return super.handleKeyStroke(key);
  }

  private void pickRule(int delta) {
    GrantForm.Item item = form.items().get(cursor);
    if (item.grantable()) {
      form.chooseRule(cursor, Math.floorMod(item.rule() + delta, item.rules().size()));
      changed();
    }
  }

  /** The text of row {@code index} as drawn (without the cursor mark). */
  /** The call under the cursor in full: its tool and the input that matters, never cut. */
  String currentCall() {
    FailedCall call = form.items().get(cursor).call();
    return tool(call) + "  " + shown.apply(InputSummary.of(call.toolName(), call.input()));
  }

  private String tool(FailedCall call) {
    return call.toolName().isBlank() ? "(unknown tool)" : shown.apply(call.toolName());
  }

  private String left(int index) {
    GrantForm.Item item = form.items().get(index);
    FailedCall call = item.call();
    return (item.grantable() ? (item.ticked() ? "[x] " : "[ ] ") : "    ")
        + tool(call)
        + "  "
        + shown.apply(InputSummary.of(call.toolName(), call.input()))
        + (call.count() > 1 ? "  ×" + call.count() : "");
  }

  private String right(int index) {
    GrantForm.Item item = form.items().get(index);
    return item.grantable()
        ? (item.rules().size() > 1 ? "‹ " : "→ ")
            + shown.apply(item.currentRule().orElseThrow())
            + (item.rules().size() > 1 ? " ›" : "")
        : "cannot be granted";
  }

  private String row(int index, int width) {
    String left = left(index);
    String right = right(index);
    int rightWidth = Math.min(Columns.width(right), Math.max(12, width / 2));
    int leftWidth = Math.max(1, width - rightWidth - 1);
    return Columns.pad(Columns.fit(left, leftWidth), leftWidth)
        + " "
        + Columns.fit(right, rightWidth);
  }

  @Override
  protected InteractableRenderer<CallList> createDefaultRenderer() {
    return new InteractableRenderer<>() {
      @Override
      public TerminalPosition getCursorLocation(CallList component) {
        return null;
      }

      @Override
      public TerminalSize getPreferredSize(CallList component) {
        return new TerminalSize(columnsWanted(), rowsAt(0));
      }

      @Override
      public void drawComponent(TextGUIGraphics g, CallList component) {
        int width = g.getSize().getColumns();
        List<GrantForm.Item> items = form.items();
        // The rows the layout gave this time; keep the cursor's row among them.
        rows = Math.max(1, g.getSize().getRows());
        top = Math.max(0, Math.min(top, Math.max(0, items.size() - rows)));
        if (cursor < top) {
          top = cursor;
        } else if (cursor >= top + rows) {
          top = cursor - rows + 1;
        }
        for (int r = 0; r < rows && top + r < items.size(); r++) {
          int index = top + r;
          boolean current = index == cursor;
          g.applyThemeStyle(
              current && isFocused()
                  ? getThemeDefinition().getActive()
                  : getThemeDefinition().getNormal());
          String mark = current ? "›" : " ";
          LinePainter.putText(g, 0, r, width, mark + row(index, Math.max(2, width - 1)));
        }
      }
    };
  }
}
