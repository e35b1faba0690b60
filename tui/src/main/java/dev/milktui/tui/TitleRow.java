package dev.milktui.tui;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.AbstractComponent;
import com.googlecode.lanterna.gui2.ComponentRenderer;
import com.googlecode.lanterna.gui2.TextGUIGraphics;
import dev.milktui.tui.text.LinePainter;
import dev.milktui.tui.text.Palette;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** A one-line title above a pane that cannot draw its own (the input box). */
final class TitleRow extends AbstractComponent<TitleRow> {
  private final Palette palette;
  private final Supplier<String> text;
  private final BooleanSupplier focused;

  TitleRow(Palette palette, Supplier<String> text, BooleanSupplier focused) {
    this.palette = palette;
    this.text = text;
    this.focused = focused;
  }

  @Override
  protected ComponentRenderer<TitleRow> createDefaultRenderer() {
    return new ComponentRenderer<>() {
      @Override
      public TerminalSize getPreferredSize(TitleRow component) {
        return new TerminalSize(20, 1);
      }

      @Override
      public void drawComponent(TextGUIGraphics g, TitleRow component) {
        int width = g.getSize().getColumns();
        if (width < 1 || g.getSize().getRows() < 1) {
          return;
        }
        palette.apply(g, focused.getAsBoolean() ? Palette.Role.TITLE_FOCUSED : Palette.Role.TITLE);
        LinePainter.putText(g, 0, 0, width, text.get());
      }
    };
  }
}
