package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.input.KeyType;
import org.junit.jupiter.api.Test;

class InputBoxRendererTest {
  @Test
  void emojiAndCjkTypedInTheBoxAreDrawnWholeAndTheCaretStandsAfterThem() {
    Harness h = new Harness(80, 24);
    h.type("a😀b👩‍💻c漢");
    String row = boxRow(h);
    // A ZWJ sequence Lanterna cannot hold in one cell is drawn as its first emoji, same width;
    // the virtual terminal repeats a wide character in the second of its two cells.
    assertThat(row).startsWith("a😀😀b👩👩c漢漢").doesNotContain("?");
    // a(1) 😀(2) b(1) 👩‍💻(2) c(1) 漢(2): the caret is after 9 columns.
    assertThat(h.vt.getCursorPosition().getColumn()).isEqualTo(9);
  }

  @Test
  void theCaretNeverStandsInsideAWideGraphemeWhileMovingOverIt() {
    Harness h = new Harness(80, 24);
    h.type("x😀y");
    h.key(KeyType.ArrowLeft).key(KeyType.ArrowLeft);
    assertThat(h.vt.getCursorPosition().getColumn()).isEqualTo(1);
    h.key(KeyType.ArrowRight);
    assertThat(h.vt.getCursorPosition().getColumn()).isEqualTo(3);
  }

  @Test
  void aLongLineScrollsByWholeGraphemesAndKeepsTheCaretInView() {
    Harness h = new Harness(60, 16);
    h.type("漢".repeat(40) + "end");
    String row = boxRow(h);
    assertThat(row).contains("end").doesNotContain("?");
    TerminalPosition cursor = h.vt.getCursorPosition();
    assertThat(cursor.getColumn()).isBetween(0, 59);
  }

  /** The message box's first row: the row below its title. */
  private static String boxRow(Harness h) {
    String[] rows = h.screen().split("\n");
    for (int i = 0; i < rows.length; i++) {
      if (rows[i].contains("Message ·")) {
        return rows[i + 1];
      }
    }
    throw new AssertionError("no message box on screen:\n" + h.screen());
  }
}
