package dev.milktui.tui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.conversation.NoticeCell;
import dev.milktui.core.event.SessionEvent;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** /copy and /mouse are answered by milk-tui: effects for the runner, never a send to claude. */
class CopyAndMouseTest {
  private final Ui ui =
      new Ui(
          Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC),
          Duration.ofMinutes(2),
          () -> false);

  private String lastNotice() {
    return ui.conversation().cells().stream()
        .filter(NoticeCell.class::isInstance)
        .map(c -> ((NoticeCell) c).text())
        .reduce((a, b) -> b)
        .orElse("");
  }

  @Test
  void slashCopyAsksToCopyTheLastReplyAndSendsNothing() {
    ui.on(new UiEvent.SessionOpened(1, Optional.empty()));
    ui.on(new UiEvent.FromSession(1, new SessionEvent.TextDelta("m1", 0, "The answer.")));

    List<Effect> effects = ui.on(new UiEvent.Submitted("/copy"));

    assertThat(effects).containsExactly(new Effect.Copy("The answer.", "Claude's last reply"));
  }

  @Test
  void slashCopyWithNothingToCopySaysSo() {
    ui.on(new UiEvent.SessionOpened(1, Optional.empty()));

    assertThat(ui.on(new UiEvent.Submitted("/copy code"))).isEmpty();
    assertThat(lastNotice()).isEqualTo("No code block to copy: Claude's replies have none.");
  }

  @Test
  void slashMouseAndF8GiveTheMouseToTheTerminalAndTakeItBack() {
    assertThat(ui.on(new UiEvent.Submitted("/mouse")))
        .containsExactly(new Effect.CaptureMouse(false));
    assertThat(ui.state().mouseSelect()).isTrue();
    assertThat(lastNotice()).startsWith("Mouse: select.");

    assertThat(ui.on(new UiEvent.Key(Action.TOGGLE_MOUSE)))
        .containsExactly(new Effect.CaptureMouse(true));
    assertThat(ui.state().mouseSelect()).isFalse();
  }

  @Test
  void copyAndMouseAreOfferedAsMilkTuisOwnCommands() {
    assertThat(new SlashCommands().names()).contains("copy", "mouse");
    assertThat(SlashCommands.description("copy")).isPresent();
  }
}
