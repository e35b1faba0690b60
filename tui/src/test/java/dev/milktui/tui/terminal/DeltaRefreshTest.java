package dev.milktui.tui.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.SGR;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.TextCharacter;
import com.googlecode.lanterna.TextColor;
import com.googlecode.lanterna.screen.Screen;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import java.util.EnumSet;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DeltaRefreshTest {
  private static final String[] GLYPHS = {"a", "b", " ", "─", "é", "漢", "字", "😀", "⚠"};
  private static final TextColor[] COLOURS = {
    TextColor.ANSI.DEFAULT, TextColor.ANSI.RED, TextColor.ANSI.GREEN_BRIGHT, TextColor.ANSI.BLUE
  };

  @Test
  void overManyRandomFramesTheTerminalShowsEachFrameCellForCellWithItsStyle() throws Exception {
    Random random = new Random(20261203);
    DefaultVirtualTerminal vt = new DefaultVirtualTerminal(new TerminalSize(23, 7));
    TerminalInputScreen screen = new TerminalInputScreen(vt);
    screen.startScreen();
    for (int frame = 0; frame < 500; frame++) {
      // Some frames change a few cells, some most of them.
      int changes = random.nextBoolean() ? 1 + random.nextInt(6) : 150;
      for (int i = 0; i < changes; i++) {
        int x = random.nextInt(23);
        TextCharacter cell = randomCell(random);
        // A wide character cannot start in the last column, on any terminal; milk-tui never puts
        // one there.
        screen.setCharacter(
            x, random.nextInt(7), cell.isDoubleWidth() && x == 22 ? cell.withCharacter('z') : cell);
      }
      screen.refresh(Screen.RefreshType.AUTOMATIC);
      assertShows(vt, screen, frame);
    }
    screen.stopScreen();
  }

  @Test
  void aResizeIsStillRedrawnWhole() throws Exception {
    DefaultVirtualTerminal vt = new DefaultVirtualTerminal(new TerminalSize(10, 3));
    TerminalInputScreen screen = new TerminalInputScreen(vt);
    screen.startScreen();
    screen.setCharacter(0, 0, TextCharacter.fromCharacter('x')[0]);
    screen.refresh(Screen.RefreshType.AUTOMATIC);
    vt.setTerminalSize(new TerminalSize(12, 4));
    screen.doResizeIfNecessary();
    screen.setCharacter(11, 3, TextCharacter.fromCharacter('y')[0]);
    screen.refresh(Screen.RefreshType.AUTOMATIC);
    assertShows(vt, screen, 0);
    screen.stopScreen();
  }

  private static void assertShows(DefaultVirtualTerminal vt, Screen screen, int frame) {
    TerminalSize size = vt.getTerminalSize();
    for (int y = 0; y < size.getRows(); y++) {
      for (int x = 0; x < size.getColumns(); x++) {
        TextCharacter want = screen.getFrontCharacter(x, y);
        TextCharacter shown = vt.getCharacter(x, y);
        assertThat(shown.getCharacterString())
            .as("frame %d, cell %d,%d", frame, x, y)
            .isEqualTo(want.getCharacterString());
        assertThat(shown.getForegroundColor()).isEqualTo(want.getForegroundColor());
        assertThat(shown.getBackgroundColor()).isEqualTo(want.getBackgroundColor());
        assertThat(shown.getModifiers()).isEqualTo(want.getModifiers());
        if (want.isDoubleWidth()) {
          x++;
        }
      }
    }
  }

  private static TextCharacter randomCell(Random random) {
    EnumSet<SGR> modifiers = EnumSet.noneOf(SGR.class);
    if (random.nextInt(3) == 0) {
      modifiers.add(SGR.BOLD);
    }
    if (random.nextInt(4) == 0) {
      modifiers.add(SGR.REVERSE);
    }
    return TextCharacter.fromString(
        GLYPHS[random.nextInt(GLYPHS.length)],
        COLOURS[random.nextInt(COLOURS.length)],
        COLOURS[random.nextInt(COLOURS.length)],
        modifiers)[0];
  }
}
