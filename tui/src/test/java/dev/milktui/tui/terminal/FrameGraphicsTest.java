package dev.milktui.tui.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.TextCharacter;
import com.googlecode.lanterna.TextColor;
import com.googlecode.lanterna.gui2.BasicWindow;
import com.googlecode.lanterna.gui2.EmptySpace;
import com.googlecode.lanterna.gui2.MultiWindowTextGUI;
import com.googlecode.lanterna.gui2.TextGUIGraphics;
import com.googlecode.lanterna.gui2.Window;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import dev.milktui.tui.text.LinePainter;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class FrameGraphicsTest {
  @Test
  void aWindowDrawnWithItIsBlankedInItsThemeColoursWithCellsThatKnowTheirWidth()
      throws IOException {
    TerminalScreen screen = new TerminalScreen(new DefaultVirtualTerminal(new TerminalSize(6, 3)));
    screen.startScreen();
    MultiWindowTextGUI gui = new MultiWindowTextGUI(screen);
    TextGUIGraphics[] chained = new TextGUIGraphics[2];
    BasicWindow window =
        new BasicWindow() {
          @Override
          public void draw(TextGUIGraphics graphics) {
            TextGUIGraphics frame = FrameGraphics.of(graphics);
            chained[0] = frame;
            chained[1] = frame.setForegroundColor(TextColor.ANSI.RED);
            super.draw(frame);
          }
        };
    window.setHints(List.of(Window.Hint.FULL_SCREEN, Window.Hint.NO_DECORATIONS));
    window.setComponent(new EmptySpace(TerminalSize.ONE));
    gui.addWindow(window);
    gui.updateScreen();

    TextColor background = gui.getTheme().getDefinition(Window.class).getNormal().getBackground();
    for (int row = 0; row < 3; row++) {
      for (int col = 0; col < 6; col++) {
        TextCharacter cell = screen.getFrontCharacter(col, row);
        assertThat(cell.getCharacterString()).isEqualTo(" ");
        assertThat(cell.getBackgroundColor()).isEqualTo(background);
        assertThat(LinePainter.knowingWidth(cell)).isSameAs(cell);
      }
    }
    assertThat(chained[1]).isSameAs(chained[0]);
  }
}
