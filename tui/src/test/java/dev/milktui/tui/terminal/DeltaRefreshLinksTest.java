package dev.milktui.tui.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.TextCharacter;
import com.googlecode.lanterna.graphics.TextGraphics;
import com.googlecode.lanterna.screen.Screen;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import dev.milktui.tui.text.LinePainter;
import dev.milktui.tui.text.Palette;
import dev.milktui.tui.text.Span;
import dev.milktui.tui.text.StyledLine;
import dev.milktui.tui.text.TextStyle;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class DeltaRefreshLinksTest {
  private static final String URL = "https://example.com/abcdefgh";
  private static final String OPEN = "\u001b]8;;" + URL + "\u001b\\";

  /** A virtual terminal that also logs, in order, the text written and the raw escapes. */
  private static final class Recording extends DefaultVirtualTerminal
      implements SynchronizedUpdates.RawOutput {
    final StringBuilder log = new StringBuilder();

    Recording() {
      super(new TerminalSize(12, 4));
    }

    @Override
    public void writeRaw(byte[] bytes) {
      log.append(new String(bytes, StandardCharsets.US_ASCII));
    }

    @Override
    public synchronized void putString(String string) {
      log.append(string);
      super.putString(string);
    }

    @Override
    public synchronized void putCharacter(char c) {
      log.append(c);
      super.putCharacter(c);
    }
  }

  /** "see " and the first 8 characters of the URL on row 0, its rest and " ok" on row 1. */
  private static void drawWrappedUrl(Screen screen) {
    TextGraphics g = screen.newTextGraphics();
    LinePainter painter = new LinePainter(new Palette(true));
    painter.paint(
        g,
        0,
        0,
        12,
        StyledLine.of(Span.plain("see "), new Span(URL.substring(0, 8), TextStyle.LINK, URL)));
    painter.paint(
        g,
        0,
        1,
        12,
        StyledLine.of(new Span(URL.substring(8, 16), TextStyle.LINK, URL), Span.plain(" ok")));
  }

  private final Recording vt = new Recording();
  private TerminalInputScreen screen;

  /** Starts the screen on {@link #vt}, draws its empty first frame, and forgets what it wrote. */
  private void start(boolean hyperlinks) throws Exception {
    screen = new TerminalInputScreen(vt, false, hyperlinks);
    screen.startScreen();
    screen.refresh(Screen.RefreshType.AUTOMATIC);
    vt.log.setLength(0);
  }

  @Test
  void eachRowOfAWrappedUrlIsTheSameLinkOpenedAndClosedAroundExactlyItsCells() throws Exception {
    start(true);
    drawWrappedUrl(screen);
    screen.refresh(Screen.RefreshType.DELTA);
    assertThat(vt.log.toString())
        .contains("see " + OPEN + "https://" + Osc8.CLOSE)
        .contains(OPEN + "example." + Osc8.CLOSE + " ok");
    assertThat(vt.log.toString().split("\u001b]8;;" + URL, -1)).hasSize(3);
    screen.stopScreen();
  }

  @Test
  void aFullRedrawWritesTheLinkedCellsAgainWithTheirLinks() throws Exception {
    start(true);
    drawWrappedUrl(screen);
    screen.refresh(Screen.RefreshType.COMPLETE);
    assertThat(vt.log.toString())
        .contains(OPEN + "https://" + Osc8.CLOSE)
        .contains(OPEN + "example." + Osc8.CLOSE);
    assertThat(vt.getCharacter(4, 0).getCharacterString()).isEqualTo("h");
    screen.stopScreen();
  }

  @Test
  void cellsADialogCoversAreWrittenWithoutTheLink() throws Exception {
    start(true);
    drawWrappedUrl(screen);
    screen.refresh(Screen.RefreshType.DELTA);
    vt.log.setLength(0);
    // A dialog's border over the middle of row 0's part of the URL.
    for (int x = 6; x < 9; x++) {
      screen.setCharacter(x, 0, TextCharacter.fromCharacter('#')[0]);
    }
    screen.refresh(Screen.RefreshType.DELTA);
    assertThat(vt.log.toString()).contains("###").doesNotContain("\u001b]8;;h");
    assertThat(vt.log.toString()).doesNotContain(OPEN);
    screen.stopScreen();
  }

  @Test
  void withHyperlinksOffNoOsc8IsWrittenAndTheTextStillShows() throws Exception {
    start(false);
    drawWrappedUrl(screen);
    screen.refresh(Screen.RefreshType.DELTA);
    screen.refresh(Screen.RefreshType.COMPLETE);
    assertThat(vt.log.toString()).doesNotContain("\u001b]8").contains("https://");
    StringBuilder shown = new StringBuilder();
    for (int x = 4; x < 12; x++) {
      shown.append(vt.getCharacter(x, 0).getCharacterString());
    }
    for (int x = 0; x < 8; x++) {
      shown.append(vt.getCharacter(x, 1).getCharacterString());
    }
    assertThat(shown.toString()).isEqualTo(URL.substring(0, 16));
    screen.stopScreen();
  }

  @Test
  void aUrlOsc8RefusesShowsAsTextWithoutAnEscape() throws Exception {
    start(true);
    new LinePainter(new Palette(true))
        .paint(
            screen.newTextGraphics(),
            0,
            0,
            12,
            StyledLine.of(new Span("click me", TextStyle.LINK, "javascript:x()")));
    screen.refresh(Screen.RefreshType.DELTA);
    assertThat(vt.log.toString()).contains("click me").doesNotContain("\u001b]8");
    screen.stopScreen();
  }
}
