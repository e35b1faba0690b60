package dev.milktui.tui;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.AbstractComponent;
import com.googlecode.lanterna.gui2.ComponentRenderer;
import com.googlecode.lanterna.gui2.TextGUIGraphics;
import dev.milktui.tui.app.SlashCommands;
import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.LinePainter;
import dev.milktui.tui.text.Palette;
import dev.milktui.tui.text.Sanitizer;
import java.util.List;

/**
 * The message box's completion popup, drawn just above it over the panes: what the box offers for
 * the word at the caret (a window of it around the choice) and a line of keys. Hidden when nothing
 * is offered. A name holding controls or lookalikes (a file or a command is anyone's to name) is
 * shown marked, never stripped: two names never read the same, and none reads as a name it is not.
 */
final class CompletionPopup extends AbstractComponent<CompletionPopup> {
  static final int ROWS = 8;
  static final String KEYS = " ↑↓ choose · Tab complete · Esc close";

  private final Palette palette;
  private final InputBox input;

  CompletionPopup(Palette palette, InputBox input) {
    this.palette = palette;
    this.input = input;
  }

  @Override
  public boolean isVisible() {
    return input.completing();
  }

  @Override
  protected ComponentRenderer<CompletionPopup> createDefaultRenderer() {
    return new ComponentRenderer<>() {
      @Override
      public TerminalSize getPreferredSize(CompletionPopup component) {
        List<String> items = input.offered();
        if (items.isEmpty()) {
          return TerminalSize.ZERO;
        }
        int widest = Columns.width(KEYS) + 1;
        int names = names(items);
        for (String item : items) {
          widest = Math.max(widest, Columns.width(row(item, names)) + 4);
        }
        return new TerminalSize(widest, Math.min(ROWS, items.size()) + 1);
      }

      @Override
      public void drawComponent(TextGUIGraphics g, CompletionPopup component) {
        int width = g.getSize().getColumns();
        int rows = g.getSize().getRows() - 1;
        List<String> items = input.offered();
        if (width < 1 || rows < 1 || items.isEmpty()) {
          return;
        }
        int selected = input.selected();
        int top = Math.max(0, Math.min(selected - rows + 1, items.size() - rows));
        top = Math.max(0, Math.min(top, selected));
        for (int r = 0; r < rows && top + r < items.size(); r++) {
          int index = top + r;
          palette.apply(g, index == selected ? Palette.Role.SELECTED : Palette.Role.STATUS);
          String mark = index == selected ? " › " : "   ";
          LinePainter.putText(g, 0, r, width, mark + row(items.get(index), names(items)));
        }
        palette.apply(g, Palette.Role.HINT);
        String more = items.size() > rows ? " (" + items.size() + ")" : "";
        LinePainter.putText(g, 0, rows, width, KEYS + more);
      }
    };
  }

  /** The widest offered word, so the descriptions start in one column. */
  private static int names(List<String> items) {
    int widest = 0;
    for (String item : items) {
      widest = Math.max(widest, Columns.width(Sanitizer.revealInline(item)));
    }
    return widest;
  }

  /** An offered word, and for a command what it does, after {@code column} columns. */
  private static String row(String item, int column) {
    // Marked, never stripped: two names that differ only in controls must not read alike.
    String word = Sanitizer.revealInline(item);
    if (!item.startsWith("/")) {
      return word;
    }
    return SlashCommands.description(item.substring(1))
        .map(d -> Columns.pad(word, Math.max(column, Columns.width(word))) + "  " + d)
        .orElse(word);
  }
}
