package dev.milktui.tui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.SessionEvent;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What the status bar says claude does, while a request waits for the user and after. */
class ActivityLineTest {
  private final Model model = new Model();
  private final ActivityLine line = new ActivityLine(model);

  @Test
  void whileARequestWaitsThatIsWhatTheLineSaysAndWhatClaudeDoesIsShownWhenItIsAnswered() {
    line.waiting("permission");
    line.claude(Activity.RUNNING_TOOL, "Bash");
    assertThat(model.state().activity()).isEqualTo(Activity.WAITING_FOR_YOU);
    assertThat(model.state().detail()).isEqualTo("permission");

    line.waiting(null);
    assertThat(model.state().activity()).isEqualTo(Activity.RUNNING_TOOL);
    assertThat(model.state().detail()).isEqualTo("Bash");
  }

  @Test
  void aStoppedClaudeIsSaidEvenWhileARequestWaits() {
    line.waiting("grants");
    line.stopped("exit 1");
    assertThat(model.state().activity()).isEqualTo(Activity.STOPPED);
    assertThat(model.state().detail()).isEqualTo("exit 1");
  }

  @Test
  void anOpenedSessionStartsFromTheStateItOpenedWith() {
    model.state(model.state().opened(1, null));
    line.opened();
    line.waiting("permission");
    line.waiting(null);
    assertThat(model.state().activity()).isEqualTo(Activity.IDLE);
    assertThat(line.doing()).isEqualTo(Activity.IDLE);
  }

  @Test
  void throughTheReducerAGrantDialogHoldsTheLineUntilItCloses() {
    Ui ui =
        new Ui(
            Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC),
            Duration.ofMinutes(2),
            () -> false);
    ui.on(new UiEvent.SessionOpened(1, Optional.empty()));
    ui.on(new UiEvent.Waiting("grants"));
    ui.on(new UiEvent.FromSession(1, new SessionEvent.StatusChanged("requesting", null)));
    assertThat(ui.state().activity()).isEqualTo(Activity.WAITING_FOR_YOU);
    assertThat(ui.state().detail()).isEqualTo("grants");

    ui.on(new UiEvent.Waiting(null));
    assertThat(ui.state().activity()).isEqualTo(Activity.THINKING);
  }
}
