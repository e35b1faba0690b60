package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyType;
import dev.milktui.tui.app.Ui;
import org.junit.jupiter.api.Test;

/** Ctrl+R's search, Ctrl+C and Esc Esc on the message box, on a virtual terminal. */
class HistorySearchScreenTest {

  private static Harness sent(int columns, int rows, String... messages) {
    Harness h = new Harness(columns, rows);
    for (String m : messages) {
      h.type(m).key(KeyType.Enter);
    }
    return h;
  }

  @Test
  void ctrlRFindsAsYouTypeGoesOlderAndEnterPutsTheMatchInTheBoxUnsentAt80x24() {
    ctrlRFindsAsYouTypeGoesOlderAndEnterPutsTheMatchInTheBoxUnsent(80, 24);
  }

  @Test
  void ctrlRFindsAsYouTypeGoesOlderAndEnterPutsTheMatchInTheBoxUnsentAt120x40() {
    ctrlRFindsAsYouTypeGoesOlderAndEnterPutsTheMatchInTheBoxUnsent(120, 40);
  }

  private void ctrlRFindsAsYouTypeGoesOlderAndEnterPutsTheMatchInTheBoxUnsent(
      int columns, int rows) {
    Harness h = sent(columns, rows, "fix the build", "run the tests", "fix the docs");

    h.ctrl('r');
    assertThat(h.screen()).contains("search history:").contains("fix the docs");

    h.type("BUI");
    assertThat(h.screen()).contains("search history: BUI").contains("fix the build");

    h.key(KeyType.Backspace).key(KeyType.Backspace).key(KeyType.Backspace).type("fix");
    assertThat(h.controller.input().getText()).isEqualTo("search history: fix\nfix the docs");
    h.ctrl('r');
    assertThat(h.screen()).contains("fix the build").doesNotContain("fix the docs");

    h.key(KeyType.Enter);
    assertThat(h.controller.input().getText()).isEqualTo("fix the build");
    assertThat(h.screen()).doesNotContain("search history");
    assertThat(h.session().sent).hasSize(3);
  }

  @Test
  void ctrlRInTheTranscriptGivesTheBoxTheKeysWithTheSearchOpen() {
    ctrlRInAPaneGivesTheBoxTheKeysWithTheSearchOpen(1);
  }

  @Test
  void ctrlRInTheToolPaneGivesTheBoxTheKeysWithTheSearchOpen() {
    ctrlRInAPaneGivesTheBoxTheKeysWithTheSearchOpen(2);
  }

  private void ctrlRInAPaneGivesTheBoxTheKeysWithTheSearchOpen(int tabs) {
    Harness h = sent(80, 24, "fix the build", "run the tests");
    for (int i = 0; i < tabs; i++) {
      h.key(KeyType.Tab);
    }
    assertThat(h.controller.input().isFocused()).isFalse();

    h.ctrl('r');
    assertThat(h.controller.input().isFocused()).isTrue();
    assertThat(h.screen()).contains("search history:");

    h.type("build").key(KeyType.Enter);
    assertThat(h.controller.input().getText()).isEqualTo("fix the build");
    assertThat(h.session().sent).hasSize(2);
  }

  @Test
  void escCancelsTheSearchAndPutsTheDraftBackAt80x24() {
    escCancelsTheSearchAndPutsTheDraftBack(80, 24);
  }

  @Test
  void escCancelsTheSearchAndPutsTheDraftBackAt120x40() {
    escCancelsTheSearchAndPutsTheDraftBack(120, 40);
  }

  private void escCancelsTheSearchAndPutsTheDraftBack(int columns, int rows) {
    Harness h = sent(columns, rows, "fix the build");
    h.type("my draft").ctrl('r').type("fix");
    assertThat(h.screen()).contains("fix the build");

    h.key(KeyType.Escape);

    assertThat(h.controller.input().getText()).isEqualTo("my draft");
    assertThat(h.session().interrupts).isZero();
  }

  @Test
  void aSearchNothingMatchesSaysSoAndEnterKeepsTheDraft() {
    Harness h = sent(80, 24, "fix the build");
    h.type("mine").ctrl('r').type("zzz");
    assertThat(h.screen()).contains("search history: zzz").contains("(no match)");

    h.key(KeyType.Enter);

    assertThat(h.controller.input().getText()).isEqualTo("mine");
    assertThat(h.session().sent).containsExactly("fix the build");
  }

  @Test
  void ctrlCLeavesTheSearchFirstThenClearsTheDraftThenOffersToQuit() {
    Harness h = sent(80, 24, "fix the build");
    h.type("mine").ctrl('r');

    h.ctrl('c');
    assertThat(h.controller.input().getText()).isEqualTo("mine");
    h.ctrl('c');
    assertThat(h.controller.input().getText()).isEmpty();
    assertThat(h.screen()).doesNotContain("Press Ctrl+C again");
    h.ctrl('c');
    assertThat(h.screen()).contains("Press Ctrl+C again within 2 seconds to quit.");
  }

  @Test
  void escEscClearsTheDraftAndOneEscKeepsIt() {
    Harness h = new Harness(80, 24);
    h.type("a draft").key(KeyType.Escape);
    assertThat(h.controller.input().getText()).isEqualTo("a draft");

    h.clock.advance(Ui.DOUBLE_ESC_WINDOW.plusMillis(1));
    h.key(KeyType.Escape);
    assertThat(h.controller.input().getText()).isEqualTo("a draft");

    h.key(KeyType.Escape);
    assertThat(h.controller.input().getText()).isEmpty();
  }

  @Test
  void ctrlDOnTheEmptyBoxOffersToQuitAndOnADraftDoesNothing() {
    Harness h = new Harness(80, 24);
    h.type("x").ctrl('d');
    assertThat(h.screen()).doesNotContain("again within");
    assertThat(h.controller.input().getText()).isEqualTo("x");

    h.key(KeyType.Backspace).ctrl('d');
    assertThat(h.screen()).contains("Press Ctrl+D again within 2 seconds to quit.");
    h.ctrl('d');
    assertThat(h.controller.quitRequested()).isDone();
  }
}
