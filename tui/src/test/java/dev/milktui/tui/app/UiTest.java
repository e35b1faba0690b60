package dev.milktui.tui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.conversation.Cell;
import dev.milktui.core.conversation.NoticeCell;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.testkit.Recordings;
import dev.milktui.core.turn.TurnAccumulator;
import dev.milktui.tui.keys.KeyMap;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The UI's model, fed with what real recordings emit: no terminal, no window, no session. */
class UiTest {
  private final Ui ui =
      new Ui(
          Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC),
          Duration.ofMinutes(2),
          () -> false,
          new KeyMap()::keyName);

  /** The events a recording makes, as the session would give them. */
  private static List<SessionEvent> events(String recording) {
    List<SessionEvent> events = new ArrayList<>();
    TurnAccumulator accumulator = new TurnAccumulator(events::add);
    Recordings.messages(recording).forEach(accumulator::accept);
    return events;
  }

  private List<Effect> play(int generation, List<SessionEvent> events) {
    List<Effect> effects = new ArrayList<>();
    for (SessionEvent event : events) {
      effects.addAll(ui.on(new UiEvent.FromSession(generation, event)));
    }
    return effects;
  }

  private static List<String> notices(List<Cell> cells) {
    return cells.stream()
        .filter(NoticeCell.class::isInstance)
        .map(c -> ((NoticeCell) c).text())
        .toList();
  }

  @Test
  void aRecordedTurnEndsIdleWithTheReportedModeAndItsSessionId() {
    ui.on(new UiEvent.SessionOpened(1, Optional.empty()));
    play(1, events("p0-text"));

    UiState state = ui.state();
    assertThat(state.activity()).isEqualTo(Activity.IDLE);
    assertThat(state.reportedMode()).isEqualTo("default");
    assertThat(state.sessionId()).isNotBlank();
    assertThat(state.retry()).isNull();
    assertThat(notices(ui.conversation().cells()))
        .anyMatch(c -> c.startsWith("milk-tui · claude 2.1.332"));
  }

  @Test
  void aStreamClosedTurnAsksForTheGrantDialog() {
    ui.on(new UiEvent.SessionOpened(1, Optional.empty()));
    List<Effect> effects = play(1, events("f1-ppt-arg-devnull"));

    assertThat(effects)
        .filteredOn(Effect.OfferGrants.class::isInstance)
        .singleElement()
        .satisfies(e -> assertThat(((Effect.OfferGrants) e).summary().streamClosed()).isNotEmpty());
  }

  @Test
  void eventsOfAnEarlierSessionChangeNothing() {
    ui.on(new UiEvent.SessionOpened(1, Optional.empty()));
    ui.on(new UiEvent.SessionOpened(2, Optional.empty()));
    List<Effect> effects = play(1, events("f1-ppt-arg-devnull"));

    assertThat(effects).isEmpty();
    assertThat(ui.conversation().cells()).isEmpty();
    assertThat(ui.state().activity()).isEqualTo(Activity.IDLE);
  }

  @Test
  void theModeCyclesFromTheOneAskedUntilClaudeReportsIt() {
    ui.on(new UiEvent.SessionOpened(1, Optional.empty()));
    assertThat(ui.on(new UiEvent.Key(Action.CYCLE_MODE)))
        .containsExactly(new Effect.SetMode("acceptEdits"));
    assertThat(ui.on(new UiEvent.Key(Action.CYCLE_MODE)))
        .containsExactly(new Effect.SetMode("plan"));
    assertThat(ui.state().reportedMode()).as("only what claude reports is shown").isNull();

    ui.on(new UiEvent.FromSession(1, new SessionEvent.StatusChanged(null, "plan")));
    assertThat(ui.state().reportedMode()).isEqualTo("plan");
    assertThat(ui.state().askedMode()).isNull();
  }

  @Test
  void aModeClaudeWasNotAskedForIsShownInWordsUntilItReportsTheOneAsked() {
    ui.on(new UiEvent.SessionOpened(1, Optional.empty()));
    play(
        1,
        List.of(
            new SessionEvent.TurnStarted("s", "claude-test", "/p", "auto", "2.1.300", List.of()),
            new SessionEvent.PermissionModeUnrequested(
                "auto", "tools run without asking you", "default", true)));
    assertThat(ui.state().shownMode()).isEqualTo("auto mode: tools run without asking you");
    assertThat(ui.state().modeToCycleFrom()).isEqualTo("auto");

    ui.on(new UiEvent.FromSession(1, new SessionEvent.StatusChanged(null, "default")));
    assertThat(ui.state().shownMode()).isEqualTo("default");
  }

  @Test
  void claudeIgnoringTheProjectRulesOffersTrustAndTrustingOffersARelaunch() {
    ui.on(new UiEvent.SessionOpened(1, Optional.of("s-1")));
    assertThat(
            ui.on(
                new UiEvent.FromSession(
                    1, new SessionEvent.WorkspaceUntrusted("/projects/p", "Ignoring 1 entry"))))
        .containsExactly(new Effect.OfferTrust(Path.of("/projects/p")));
    assertThat(ui.on(new UiEvent.Trusted(Path.of("/projects/p"), Path.of("/home/u/.claude.json"))))
        .containsExactly(new Effect.OfferRelaunch("s-1"));
  }
}
