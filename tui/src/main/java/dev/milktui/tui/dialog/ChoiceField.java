package dev.milktui.tui.dialog;

import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.AbstractInteractableComponent;
import com.googlecode.lanterna.gui2.InteractableRenderer;
import com.googlecode.lanterna.gui2.TextGUIGraphics;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.LinePainter;
import dev.milktui.tui.text.Sanitizer;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * One choice out of a few, shown inline as {@code ‹ option ›}; Left/Right or Space cycle. Enter is
 * left to the dialog (it means "grant" there), unlike Lanterna's combo box which opens a popup.
 */
public final class ChoiceField extends AbstractInteractableComponent<ChoiceField> {
  private final List<String> options;
  private final IntConsumer onChange;
  private int index;

  public ChoiceField(List<String> options, int initial, IntConsumer onChange) {
    this.options = options.stream().map(Sanitizer::revealInline).toList();
    this.index = initial;
    this.onChange = onChange;
  }

  public int index() {
    return index;
  }

  public String value() {
    return options.get(index);
  }

  private void move(int delta) {
    if (options.size() < 2) {
      return;
    }
    index = Math.floorMod(index + delta, options.size());
    onChange.accept(index);
    invalidate();
  }

  @Override
  protected Result handleKeyStroke(KeyStroke key) {
    if (key.getKeyType() == KeyType.ArrowRight || Keys.is(key, ' ')) {
      move(1);
      return Result.HANDLED;
    }
    if (key.getKeyType() == KeyType.ArrowLeft) {
      move(-1);
      return Result.HANDLED;
    }
    return super.handleKeyStroke(key);
  }

  @Override
  protected InteractableRenderer<ChoiceField> createDefaultRenderer() {
    return new InteractableRenderer<>() {
      @Override
      public TerminalPosition getCursorLocation(ChoiceField component) {
        return null;
      }

      @Override
      public TerminalSize getPreferredSize(ChoiceField component) {
        int widest = 1;
        for (String option : options) {
          widest = Math.max(widest, Columns.width(option));
        }
        return new TerminalSize(Math.min(60, widest + 4), 1);
      }

      @Override
      public void drawComponent(TextGUIGraphics g, ChoiceField component) {
        if (isFocused()) {
          g.applyThemeStyle(getThemeDefinition().getActive());
        } else {
          g.applyThemeStyle(getThemeDefinition().getNormal());
        }
        String arrows = options.size() > 1 ? "‹ " + value() + " ›" : "  " + value();
        LinePainter.putText(g, 0, 0, g.getSize().getColumns(), arrows);
      }
    };
  }
}
