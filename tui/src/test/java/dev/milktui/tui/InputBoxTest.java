package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Readline editing in the message box, typed through a virtual terminal and then sent. */
class InputBoxTest {
  private final Harness h;

  InputBoxTest(@TempDir Path dir) {
    h =
        new Harness(
            100,
            30,
            TuiConfig.defaults()
                .withDialogInputPause(Duration.ZERO)
                .withHistoryFile(dir.resolve("history"))
                .withWorkers(Runnable::run));
  }

  private static KeyStroke alt(char c) {
    return new KeyStroke(c, false, true);
  }

  private String sendAndRead() {
    h.key(KeyType.Enter);
    return h.session().sent.get(h.session().sent.size() - 1);
  }

  @Test
  void ctrlAGoesToTheLineStartAndCtrlEToItsEnd() {
    h.type("middle").ctrl('a').type("[").ctrl('e').type("]");
    assertThat(sendAndRead()).isEqualTo("[middle]");
  }

  @Test
  void ctrlKKillsToTheEndOfTheLine() {
    h.type("keep drop").key(alt('b')).ctrl('k');
    assertThat(sendAndRead()).isEqualTo("keep ");
  }

  @Test
  void ctrlUKillsToTheStartOfTheLine() {
    h.type("drop keep").key(alt('b')).ctrl('u');
    assertThat(sendAndRead()).isEqualTo("keep");
  }

  @Test
  void ctrlWDeletesBackToTheLastSpace() {
    h.type("one two three").ctrl('w').ctrl('w');
    assertThat(sendAndRead()).isEqualTo("one ");
  }

  @Test
  void ctrlWTreatsPunctuationAsPartOfTheWord() {
    h.type("rm -rf build/out").ctrl('w');
    assertThat(sendAndRead()).isEqualTo("rm -rf ");
  }

  @Test
  void altBackspaceDeletesOneWordBack() {
    h.type("rm build/out").key(new KeyStroke(KeyType.Backspace, false, true));
    assertThat(sendAndRead()).isEqualTo("rm build/");
  }

  @Test
  void altBAndAltFMoveByWord() {
    h.type("one two three").key(alt('b')).key(alt('b')).type("X").key(alt('f')).type("Y");
    assertThat(sendAndRead()).isEqualTo("one XtwoY three");
  }

  @Test
  void ctrlArrowsMoveByWord() {
    h.type("one two")
        .key(new KeyStroke(KeyType.ArrowLeft, true, false))
        .type("X")
        .key(new KeyStroke(KeyType.ArrowLeft, true, false))
        .key(new KeyStroke(KeyType.ArrowLeft, true, false))
        .type("Y")
        .key(new KeyStroke(KeyType.ArrowRight, true, false))
        .type("Z");
    assertThat(sendAndRead()).isEqualTo("YoneZ Xtwo");
  }

  @Test
  void backspaceAndTheArrowsStepOverAWholeEmoji() {
    h.type("a\uD83D\uDC4D\uD83C\uDFFDb")
        .key(KeyType.ArrowLeft)
        .key(KeyType.Backspace)
        .key(KeyType.ArrowLeft)
        .key(KeyType.ArrowRight)
        .type("|");
    assertThat(sendAndRead()).isEqualTo("a|b");
  }

  @Test
  void deleteAndTheArrowsKeepAnAccentWithItsLetter() {
    h.type("cafe\u0301!").key(KeyType.ArrowLeft).key(KeyType.ArrowLeft).key(KeyType.Delete);
    assertThat(sendAndRead()).isEqualTo("caf!");
  }

  @Test
  void altFAndAltBMoveOverWholeWordsWithMarksAndCjk() {
    h.type("\u0928\u092e\u0938\u094d\u0924\u0947 \u65e5\u672c\uD842\uDFB7 end")
        .ctrl('a')
        .key(alt('f'))
        .type("|")
        .key(alt('f'))
        .type("|")
        .key(alt('b'))
        .type("^");
    assertThat(sendAndRead())
        .isEqualTo("\u0928\u092e\u0938\u094d\u0924\u0947| ^\u65e5\u672c\uD842\uDFB7| end");
  }

  @Test
  void ctrlAAndCtrlEStayOnTheCaretsLine() {
    h.type("first").ctrl('j').type("second").ctrl('a').type(">");
    assertThat(sendAndRead()).isEqualTo("first\n>second");
  }

  @Test
  void unknownCtrlAndAltLettersAreNotInsertedAsText() {
    h.type("one").ctrl('y').key(alt('z')).ctrl('g');
    assertThat(sendAndRead()).isEqualTo("one");
  }
}
