package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.testkit.Recordings;
import dev.milktui.core.turn.TurnAccumulator;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** Real CLI transcripts, read by core's reader and accumulator, shown on the virtual screen. */
class TranscriptReplayTest {

  /** Feeds a recording, read by core's real reader, through a real accumulator to the screen. */
  private static void replay(String name, Consumer<SessionEvent> listener) {
    TurnAccumulator accumulator = new TurnAccumulator(listener);
    Recordings.messages(name).forEach(accumulator::accept);
  }

  @Test
  void anAllowedBashTurnShowsItsTextToolRowAndCost() {
    Harness h = new Harness(120, 32);
    replay("c-allowed-bash", h.listener());
    h.pump();
    String screen = h.screen();
    assertThat(screen)
        .contains("I will run a command")
        .contains("Bash")
        .contains("✓ ok")
        .contains("idle");
    assertThat(screen).doesNotContain("$0.0000");
  }

  @Test
  void aCallTheUserDeniedOpensNoGrantDialogAndTheReasonIsInTheTranscript() {
    Harness h = new Harness(120, 32);
    replay("d-deny", h.listener());
    h.pump();
    assertThat(h.screen())
        .doesNotContain("Tool calls were denied")
        .contains("You denied Bash: The user denied this in the TUI.");
  }

  @Test
  void aCallAHookDeniedOpensNoGrantDialog() {
    Harness h = new Harness(120, 32);
    replay("p5-hooks", h.listener());
    h.pump();
    assertThat(h.screen()).doesNotContain("Tool calls were denied").contains("A hook denied Bash");
  }

  @Test
  void aCallARuleDeniedStillOffersTheGrantDialog() {
    Harness h = new Harness(120, 32);
    replay("e-no-ppt-bash", h.listener());
    h.pump();
    assertThat(h.screen()).contains("Tool calls were denied");
  }

  @Test
  void aStreamClosedTurnOpensTheGrantDialogForTheFailedBashCall() {
    Harness h = new Harness(120, 32);
    replay("f4-ppt-sj-noanswer-close", h.listener());
    h.pump();
    assertThat(h.screen())
        .contains("permission channel was closed")
        .contains("[ ] Bash  touch made-by-bash.txt");
    h.type(" ").key(com.googlecode.lanterna.input.KeyType.Enter);
    assertThat(h.session().decisions.get(0).rules()).containsExactly("Bash(touch:*)");
  }
}
