package dev.milktui.tui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.testkit.Recordings;
import dev.milktui.core.turn.TurnAccumulator;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The decisions key asks for this session's ledger entries; the model reads no file itself. */
class DecisionsKeyTest {
  private final Ui ui =
      new Ui(
          Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC),
          Duration.ofMinutes(2),
          () -> false);

  @Test
  void theKeyShowsTheDecisionsOfTheSessionClaudeNamed() {
    ui.on(new UiEvent.SessionOpened(1, Optional.empty()));
    List<SessionEvent> events = new ArrayList<>();
    TurnAccumulator accumulator = new TurnAccumulator(events::add);
    Recordings.messages("p0-text").forEach(accumulator::accept);
    events.forEach(event -> ui.on(new UiEvent.FromSession(1, event)));

    assertThat(ui.on(new UiEvent.Key(Action.DECISIONS)))
        .containsExactly(new Effect.ShowDecisions(ui.state().sessionId()));
    assertThat(ui.state().sessionId()).isNotBlank();
  }
}
