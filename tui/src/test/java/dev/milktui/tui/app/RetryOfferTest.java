package dev.milktui.tui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.conversation.NoticeCell;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.testkit.Recordings;
import dev.milktui.core.turn.TurnAccumulator;
import dev.milktui.tui.keys.KeyMap;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which message a failed turn offers to send again, and that it is sent once. */
class RetryOfferTest {
  private final Model model = new Model();
  private final RetryOffer offer = new RetryOffer(model, Action::name);
  private final List<String> sent = new ArrayList<>();

  private List<String> notices() {
    return model.conversation().cells().stream()
        .filter(NoticeCell.class::isInstance)
        .map(c -> ((NoticeCell) c).text())
        .toList();
  }

  @Test
  void aFailedTurnOffersTheOldestUnansweredMessageAndTheKeySendsItOnce() {
    offer.sent("A");
    offer.sent("B");
    offer.turnFinished(TurnEnds.ended(true, false));
    assertThat(model.state().retry()).isEqualTo("A");
    assertThat(notices()).containsExactly("RETRY or /retry sends your message again: A");

    offer.retry(sent::add);
    offer.retry(sent::add);
    assertThat(sent).containsExactly("A");
    assertThat(notices()).isEmpty();
  }

  @Test
  void aGrantRetryIsAnsweredBeforeTheMessagesThatWait() {
    offer.sent("A");
    offer.retrySent("retry the calls");
    offer.turnFinished(TurnEnds.ended(true, false));
    assertThat(model.state().retry()).isEqualTo("retry the calls");
  }

  @Test
  void anInterruptedTurnOrOneClaudeStartedByItselfOffersNothing() {
    offer.sent("A");
    offer.turnFinished(TurnEnds.ended(true, true));
    assertThat(model.state().retry()).isNull();

    offer.sent("B");
    offer.turnStartedByClaude();
    offer.turnFinished(TurnEnds.ended(true, false));
    assertThat(model.state().retry()).as("claude's own turn answered no message").isNull();
    offer.turnFinished(TurnEnds.ended(true, false));
    assertThat(model.state().retry()).isEqualTo("B");
  }

  @Test
  void slashRetryWithNothingToSendSaysSo() {
    offer.command(sent::add);
    assertThat(sent).isEmpty();
    assertThat(notices()).containsExactly("No failed turn to send again.");
  }

  @Test
  void aFailedRecordedTurnOffersItsOwnMessageAndANewSessionForgetsTheOffer() {
    Ui ui =
        new Ui(
            Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC),
            Duration.ofMinutes(2),
            () -> false,
            new KeyMap()::keyName);
    List<SessionEvent> failed = new ArrayList<>();
    Recordings.messages("i-500").forEach(new TurnAccumulator(failed::add)::accept);
    ui.on(new UiEvent.SessionOpened(1, Optional.empty()));
    assertThat(ui.on(new UiEvent.Submitted("A"))).containsExactly(new Effect.Send("A"));
    ui.on(new UiEvent.Submitted("B"));
    failed.forEach(e -> ui.on(new UiEvent.FromSession(1, e)));

    assertThat(ui.state().retry()).isEqualTo("A");
    assertThat(ui.on(new UiEvent.Key(Action.RETRY))).containsExactly(new Effect.Send("A"));
    assertThat(ui.state().retry()).isNull();

    failed.forEach(e -> ui.on(new UiEvent.FromSession(1, e)));
    assertThat(ui.state().retry()).as("B's turn failed too").isEqualTo("B");
    ui.on(new UiEvent.SessionOpened(2, Optional.empty()));
    assertThat(ui.state().retry()).isNull();
    assertThat(ui.on(new UiEvent.Key(Action.RETRY))).isEmpty();
  }
}
