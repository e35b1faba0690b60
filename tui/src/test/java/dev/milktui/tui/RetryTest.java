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
    assertThat(screen).contains("Alt+R or /retry sends your message again: Fix the tests");

    h.alt('r');
    assertThat(h.session().sent).containsExactly("Fix the tests", "Fix the tests");
    assertThat(h.screen()).doesNotContain("Alt+R or /retry sends your message again");

    // Once sent again, Alt+R does nothing more.
    h.alt('r');
    assertThat(h.session().sent).hasSize(2);
  }

  @Test
  void aTurnThatSucceededOrWasInterruptedOffersNoRetry() {
    Harness h = new Harness(100, 30);
    h.type("Hello").key(KeyType.Enter);
    h.events(new SessionEvent.TurnFinished(Events.summary(List.of(), List.of())));
    assertThat(h.screen()).doesNotContain("Alt+R or /retry sends");
    h.alt('r');
    assertThat(h.session().sent).containsExactly("Hello");
  }

  @Test
  void theRetryOffersTheMessageOfTheTurnThatFailedNotOneQueuedAfterIt() {
    Harness h = new Harness(100, 30);
    h.type("A").key(KeyType.Enter);
    h.session().busy = true;
    h.type("B").key(KeyType.Enter);
    assertThat(h.session().sent).containsExactly("A", "B");

    h.events(new SessionEvent.TurnFinished(Events.failedTurn()));

    assertThat(h.screen())
        .contains("Alt+R or /retry sends your message again: A")
        .doesNotContain("again: B");
    h.alt('r');
    assertThat(h.session().sent).containsExactly("A", "B", "A");
  }

  @Test
  void theRetryBelongsToTheSessionWhereTheTurnFailed() {
    Harness h = new Harness(100, 30);
    h.type("A").key(KeyType.Enter);
    h.events(new SessionEvent.TurnFinished(Events.failedTurn()));
    assertThat(h.screen()).contains("Alt+R or /retry sends your message again: A");

    // claude exits; the user starts a new session from the offer.
    h.events(new SessionEvent.ProcessExited(1, "", false));
    h.type("n");
    assertThat(h.sessions).hasSize(2);

    assertThat(h.screen()).doesNotContain("Alt+R or /retry sends");
    h.alt('r');
    assertThat(h.session().sent).as("nothing goes to the new session").isEmpty();
  }

  @Test
  void aTurnClaudeStartedByItselfLeavesTheUnansweredMessageForItsOwnTurn() {
    Harness h = new Harness(100, 30);
    h.type("A").key(KeyType.Enter);
    h.events(
        new SessionEvent.TurnStartedByClaude(),
        new SessionEvent.TurnFinished(Events.summary(List.of(), List.of())));
    h.events(new SessionEvent.TurnFinished(Events.failedTurn()));
    assertThat(h.screen()).contains("Alt+R or /retry sends your message again: A");
  }
}
