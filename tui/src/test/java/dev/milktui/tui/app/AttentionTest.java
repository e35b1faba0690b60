package dev.milktui.tui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.SessionEvent;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** When the model calls the user back: a dialog waits, a long turn ends; never while focused. */
class AttentionTest {
  private Instant now = Instant.parse("2026-01-01T00:00:00Z");
  private final Clock clock =
      new Clock() {
        @Override
        public Instant instant() {
          return now;
        }

        @Override
        public ZoneId getZone() {
          return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
          return this;
        }
      };

  private Ui ui(Attention.Mode mode) {
    Ui ui =
        new Ui(
            clock,
            Duration.ofMinutes(2),
            () -> false,
            new Attention.Settings(mode, Duration.ofSeconds(30)));
    ui.on(new UiEvent.SessionOpened(1, Optional.empty()));
    return ui;
  }

  private List<Effect> turn(Ui ui, Duration took, boolean failed, boolean interrupted) {
    ui.on(new UiEvent.Submitted("do it"));
    now = now.plus(took);
    return ui.on(
        new UiEvent.FromSession(
            1, new SessionEvent.TurnFinished(TurnEnds.ended(failed, interrupted))));
  }

  private static List<Effect> calls(List<Effect> effects) {
    return effects.stream()
        .filter(e -> e instanceof Effect.Notify || e instanceof Effect.Title)
        .toList();
  }

  @Test
  void aDialogWaitingCallsWithBellNotificationAndTitle() {
    List<Effect> effects = ui(Attention.Mode.AUTO).on(new UiEvent.Waiting("permission"));

    assertThat(calls(effects))
        .containsExactly(
            new Effect.Notify(
                "Claude is waiting for you", "Claude asks for your permission.", true),
            new Effect.Title(Attention.CALLING_TITLE));
  }

  @Test
  void answeringTheDialogMakesTheTitlePlainAgain() {
    Ui ui = ui(Attention.Mode.AUTO);
    ui.on(new UiEvent.Waiting("permission"));

    assertThat(calls(ui.on(new UiEvent.Waiting(null))))
        .containsExactly(new Effect.Title(Attention.TITLE));
  }

  @Test
  void aGrantDialogSaysWhatItAsks() {
    List<Effect> effects = ui(Attention.Mode.AUTO).on(new UiEvent.Waiting("grants"));

    assertThat(effects)
        .contains(
            new Effect.Notify(
                "Claude is waiting for you",
                "Claude's tools were refused: choose what to allow.",
                true));
  }

  @Test
  void aTurnLongerThanTheThresholdCallsWhenItEnds() {
    List<Effect> effects = turn(ui(Attention.Mode.AUTO), Duration.ofSeconds(42), false, false);

    assertThat(calls(effects))
        .containsExactly(
            new Effect.Notify("Claude finished", "The turn took 42 s; your turn.", true),
            new Effect.Title(Attention.CALLING_TITLE));
  }

  @Test
  void aShortTurnCallsNobody() {
    assertThat(calls(turn(ui(Attention.Mode.AUTO), Duration.ofSeconds(29), false, false)))
        .isEmpty();
  }

  @Test
  void aLongFailedTurnSaysSo() {
    assertThat(turn(ui(Attention.Mode.AUTO), Duration.ofMinutes(3), true, false))
        .contains(
            new Effect.Notify("Claude's turn failed", "The turn took 3 min 0 s; your turn.", true));
  }

  @Test
  void aTurnTheUserInterruptedCallsNobody() {
    assertThat(calls(turn(ui(Attention.Mode.AUTO), Duration.ofMinutes(3), false, true))).isEmpty();
  }

  @Test
  void whileTheTerminalHasTheFocusNobodyIsCalled() {
    Ui ui = ui(Attention.Mode.AUTO);
    ui.on(new UiEvent.Focus(true));

    assertThat(calls(ui.on(new UiEvent.Waiting("permission")))).isEmpty();
    assertThat(calls(turn(ui, Duration.ofMinutes(5), false, false))).isEmpty();
  }

  @Test
  void afterTheFocusLeftTheUserIsCalledAndComingBackAnswers() {
    Ui ui = ui(Attention.Mode.AUTO);
    ui.on(new UiEvent.Focus(true));
    ui.on(new UiEvent.Focus(false));

    assertThat(calls(turn(ui, Duration.ofMinutes(1), false, false))).hasSize(2);
    assertThat(ui.on(new UiEvent.Focus(true))).containsExactly(new Effect.Title(Attention.TITLE));
  }

  @Test
  void sendingTheNextMessageAnswersALongTurnsCall() {
    Ui ui = ui(Attention.Mode.AUTO);
    turn(ui, Duration.ofMinutes(1), false, false);

    assertThat(ui.on(new UiEvent.Submitted("next"))).contains(new Effect.Title(Attention.TITLE));
  }

  @Test
  void bellModeRingsWithoutADesktopNotification() {
    List<Effect> effects = ui(Attention.Mode.BELL).on(new UiEvent.Waiting("permission"));

    assertThat(effects)
        .contains(
            new Effect.Notify(
                "Claude is waiting for you", "Claude asks for your permission.", false));
  }

  @Test
  void offCallsNobodyEver() {
    Ui ui = ui(Attention.Mode.OFF);

    assertThat(calls(ui.on(new UiEvent.Waiting("permission")))).isEmpty();
    assertThat(calls(turn(ui, Duration.ofMinutes(5), false, false))).isEmpty();
  }

  @Test
  void theModeIsReadFromItsWords() {
    assertThat(Attention.Mode.parse(" Bell ")).isEqualTo(Attention.Mode.BELL);
    assertThat(Attention.Mode.parse("off")).isEqualTo(Attention.Mode.OFF);
    assertThat(Attention.Mode.parse("auto")).isEqualTo(Attention.Mode.AUTO);
  }
}
