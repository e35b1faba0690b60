package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.SessionEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

class RetryTest {
  @Test
  void aFailedTurnIsReportedOnceAndCtrlRSendsTheMessageAgain() {
    Harness h = new Harness(100, 30);
    h.type("Fix the tests").key(KeyType.Enter);
    assertThat(h.session().sent).containsExactly("Fix the tests");

    h.events(new SessionEvent.TurnFinished(Events.failedTurn()));
    String screen = h.screen();
    assertThat(screen.split("The turn failed", -1)).hasSize(2);
    assertThat(screen).contains("Ctrl+R sends your message again: Fix the tests");

    h.ctrl('r');
    assertThat(h.session().sent).containsExactly("Fix the tests", "Fix the tests");
    assertThat(h.screen()).doesNotContain("Ctrl+R sends your message again");

    // Once sent again, Ctrl+R does nothing more.
    h.ctrl('r');
    assertThat(h.session().sent).hasSize(2);
  }

  @Test
  void aTurnThatSucceededOrWasInterruptedOffersNoRetry() {
    Harness h = new Harness(100, 30);
    h.type("Hello").key(KeyType.Enter);
    h.events(new SessionEvent.TurnFinished(Events.summary(List.of(), List.of())));
    assertThat(h.screen()).doesNotContain("Ctrl+R sends");
    h.ctrl('r');
    assertThat(h.session().sent).containsExactly("Hello");
  }
}
