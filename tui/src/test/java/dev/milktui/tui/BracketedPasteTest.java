package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.tui.terminal.BracketedPaste;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A bracketed paste is decoded, read whole, and is one edit of the message box. */
class BracketedPasteTest {
  private final Harness h;

  BracketedPasteTest(@TempDir Path dir) {
    h =
        new Harness(
            100,
            30,
            TuiConfig.defaults()
                .withDialogInputPause(Duration.ZERO)
                .withHistoryFile(dir.resolve("history"))
                .withWorkers(Runnable::run));
  }

  /** What a terminal's paste looks like once decoded: markers around the keys of the text. */
  private void paste(String text) {
    h.vt.addInput(new BracketedPaste.Marker(true));
    for (char c : text.toCharArray()) {
      h.vt.addInput(
          c == '\r'
              ? new KeyStroke(KeyType.Enter)
              : c == '\t' ? new KeyStroke(KeyType.Tab) : new KeyStroke(c, false, false));
    }
    h.vt.addInput(new BracketedPaste.Marker(false));
    h.pump();
  }

  @Test
  void aMultiLinePasteIsOneEditAndNothingIsSentUntilEnter() {
    paste("first line\rsecond line\rthird");
    assertThat(h.session().sent).isEmpty();
    assertThat(h.screen()).contains("first line").contains("second line").contains("third");

    h.type(" end").key(KeyType.Enter);
    assertThat(h.session().sent).containsExactly("first line\nsecond line\nthird end");
  }

  @Test
  void keysInsideAPasteAreTextNotCommandsAndATabIsKeptByCollapsing() {
    paste("a\tb?");
    assertThat(h.session().sent).isEmpty();
    assertThat(h.screen()).contains("[Pasted text, 1 line]");
    h.key(KeyType.Enter);
    assertThat(h.session().sent).containsExactly("a\tb?");
  }

  @Test
  void aLargePasteShowsCollapsedAndIsSentWhole() {
    StringBuilder text = new StringBuilder();
    for (int i = 1; i <= 42; i++) {
      text.append("line ").append(i).append('\r');
    }
    paste(text.toString());
    String screen = h.screen();
    assertThat(screen).contains("[Pasted text, 42 lines]").doesNotContain("line 7");

    h.ctrl('a').type("Look: ").key(KeyType.Enter);
    assertThat(h.session().sent).hasSize(1);
    String sent = h.session().sent.get(0);
    assertThat(sent).startsWith("Look: line 1\nline 2\n").endsWith("line 42\n");
    assertThat(sent.lines()).hasSize(42);
  }
}
