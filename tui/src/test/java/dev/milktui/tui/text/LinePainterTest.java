package dev.milktui.tui.text;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.SGR;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.TextCharacter;
import com.googlecode.lanterna.TextColor;
import com.googlecode.lanterna.graphics.TextGraphics;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import java.io.IOException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class LinePainterTest {
  private static final String WARNING = "\u26A0\uFE0F";
  private static final String TECHNOLOGIST = "\uD83D\uDC69\u200D\uD83D\uDCBB";
  private static final String WOMAN = "\uD83D\uDC69";

  private DefaultVirtualTerminal vt;
  private TerminalScreen screen;
  private final LinePainter painter = new LinePainter(new Palette(true));

  @BeforeEach
  void screen() throws IOException {
    vt = new DefaultVirtualTerminal(new TerminalSize(10, 3));
    screen = new TerminalScreen(vt);
    screen.startScreen();
  }

  /** Paints {@code text} into the first {@code width} columns of row 0 and shows it. */
  private void paint(String text, int width) throws IOException {
    TextGraphics g = screen.newTextGraphics();
    painter.paint(g, 0, 0, width, StyledLine.of(text, TextStyle.PLAIN));
    screen.refresh();
  }

  /** Row 0 as the terminal shows it: each cell's text, the cell after a wide one skipped. */
  private String row() {
    StringBuilder out = new StringBuilder();
    for (int col = 0; col < vt.getTerminalSize().getColumns(); col++) {
      TextCharacter c = vt.getCharacter(col, 0);
      out.append(c.getCharacterString());
      if (c.isDoubleWidth()) {
        out.append('|');
        col++;
      }
    }
    return out.toString();
  }

  @Test
  void emojiWithVariationSelectorTakesTwoCellsAsItsTextFormAndABlank() throws IOException {
    // Terminals disagree on U+FE0F (tmux 3.3 draws ⚠️ in one cell): the text form is one anywhere.
    paint("ab" + WARNING + "cd", 10);
    assertThat(row()).isEqualTo("ab\u26A0 cd    ");
  }

  @Test
  void flagsAndKeycapsTakeTwoCellsOfLettersAndDigitsEveryTerminalDrawsAlike() throws IOException {
    paint("\uD83C\uDDEB\uD83C\uDDF71\uFE0F\u20E3ok", 10);
    assertThat(row()).isEqualTo("FR1 ok    ");
  }

  @Test
  void cjkEndingExactlyAtTheRightEdge() throws IOException {
    paint("ab日本語の", 10);
    assertThat(row()).isEqualTo("ab日|本|語|の|");
  }

  @Test
  void wideCharacterThatWouldCrossTheEdgeBecomesABlank() throws IOException {
    paint("abc日本語の", 10);
    assertThat(row()).isEqualTo("abc日|本|語| ");
  }

  @Test
  void emojiEndingExactlyAtTheRightEdge() throws IOException {
    paint("12345678" + WARNING, 10);
    assertThat(row()).isEqualTo("12345678\u26A0 ");
  }

  @Test
  void combiningMarksEndingExactlyAtTheRightEdge() throws IOException {
    paint("abcdefghie\u0301", 10);
    assertThat(row()).isEqualTo("abcdefghi\u00E9");
  }

  @Test
  void narrowTextOverAWideCharacterLeavesNoDebris() throws IOException {
    paint("日本語の漢字", 10);
    paint("abc", 10);
    assertThat(row()).isEqualTo("abc       ");
    paint(WARNING + WARNING + WARNING, 10);
    paint("x" + WARNING + "y", 10);
    assertThat(row()).isEqualTo("x\u26A0 y      ");
  }

  @Test
  void textIsClippedToItsWidthAndTheRestOfTheRowIsUntouched() throws IOException {
    TextGraphics g = screen.newTextGraphics();
    g.putString(0, 0, "..........");
    painter.paint(g, 2, 0, 5, StyledLine.of("日本語の", TextStyle.PLAIN));
    screen.refresh();
    assertThat(row()).isEqualTo("..日|本| ...");
  }

  @Test
  void loneSurrogateBecomesOneReplacementCharacter() throws IOException {
    paint("a\uD83Db", 10);
    assertThat(row()).isEqualTo("a\uFFFDb       ");
  }

  @Test
  void zwjSequenceIsDrawnAsItsFirstEmojiInTwoCells() throws IOException {
    paint(TECHNOLOGIST + "ok", 10);
    assertThat(row()).isEqualTo(WOMAN + "|ok      ");
  }

  @Test
  void stylesCarryTheirAttributes() throws IOException {
    TextGraphics g = screen.newTextGraphics();
    painter.paint(
        g,
        0,
        0,
        10,
        StyledLine.of(new Span("b", TextStyle.STRONG), new Span("i", TextStyle.EMPHASIS)));
    screen.refresh();
    assertThat(vt.getCharacter(0, 0).isBold()).isTrue();
    assertThat(vt.getCharacter(1, 0).isItalic()).isTrue();
    assertThat(vt.getCharacter(2, 0).isBold()).isFalse();
  }

  /** Without colour, attributes alone keep styles apart (diff lines carry their signs). */
  @Test
  void withoutColourStylesStayApartByAttributes() throws IOException {
    LinePainter mono = new LinePainter(new Palette(false));
    TextGraphics g = screen.newTextGraphics();
    mono.paint(
        g,
        0,
        0,
        10,
        StyledLine.of(
            new Span("h", TextStyle.HEADING),
            new Span("c", TextStyle.INLINE_CODE),
            new Span("+", TextStyle.DIFF_ADDED),
            new Span("-", TextStyle.DIFF_REMOVED)));
    screen.refresh();
    assertThat(vt.getCharacter(0, 0).getModifiers()).contains(SGR.BOLD, SGR.UNDERLINE);
    assertThat(vt.getCharacter(1, 0).getModifiers()).contains(SGR.REVERSE);
    assertThat(vt.getCharacter(2, 0).getModifiers()).contains(SGR.BOLD);
    for (int col = 0; col < 4; col++) {
      assertThat(vt.getCharacter(col, 0).getForegroundColor()).isEqualTo(TextColor.ANSI.DEFAULT);
    }
  }

  @Test
  void plainTextPutOutsideTheTranscriptTakesTheColumnsItWasMeasuredIn() throws IOException {
    TextGraphics g = screen.newTextGraphics();
    LinePainter.putText(g, 0, 0, 10, TECHNOLOGIST + "ae\u0301" + WARNING + "|");
    screen.refresh();
    assertThat(row()).isEqualTo(WOMAN + "|a\u00E9\u26A0 |   ");
  }

  @Test
  void rowsDrawnAgainInTheSameColoursReuseTheirCells() {
    TextGraphics g = screen.newTextGraphics();
    g.setForegroundColor(TextColor.ANSI.GREEN);
    LinePainter.putText(g, 0, 0, 10, "ab");
    TextCharacter first = screen.getBackCharacter(0, 0);
    LinePainter.putText(g, 0, 1, 10, "ab");

    assertThat(screen.getBackCharacter(0, 1)).isSameAs(first);
    assertThat(first.getForegroundColor()).isEqualTo(TextColor.ANSI.GREEN);
  }
}
