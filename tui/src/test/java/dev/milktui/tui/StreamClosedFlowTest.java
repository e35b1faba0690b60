package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.session.Session;
import dev.milktui.core.testkit.Recordings;
import dev.milktui.core.turn.TurnAccumulator;
import dev.milktui.tui.app.Effect;
import dev.milktui.tui.app.Ui;
import dev.milktui.tui.app.UiEvent;
import dev.milktui.tui.copy.Clipboard;
import dev.milktui.tui.dialog.GrantForm;
import dev.milktui.tui.dialog.SuggestedRuleOptions;
import dev.milktui.tui.work.Workers;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The stream-closed flow without a terminal: a recorded stream-closed turn reaches the model, which
 * asks for the grant dialog; the dialog's form makes the decision; the effect runner hands it to
 * the session, which saves and resumes.
 */
class StreamClosedFlowTest {
  @Test
  void grantsNeededBecomeADecisionTheSessionResumesWith() {
    FakeSession session = new FakeSession();
    List<UiEvent> pumped = new ArrayList<>();
    EffectRunner runner =
        new EffectRunner(
            new SessionFactory() {
              @Override
              public Session open(Consumer<SessionEvent> listener, Optional<String> resume) {
                return session;
              }
            },
            pumped::add,
            new Workers(Runnable::run, Runnable::run),
            TranscriptExporter.NONE,
            ZoneOffset.UTC,
            new Clipboard(new Workers(Runnable::run, Runnable::run), Optional.empty(), Map.of()));
    Ui ui = new Ui(Clock.systemUTC(), Duration.ofMinutes(2), runner::busy);
    List<UiEvent> fed = new ArrayList<>();
    runner.attach(null, new RecordingShell(fed));
    runner.open(Optional.empty());
    fed.forEach(ui::on);

    List<SessionEvent> events = new ArrayList<>();
    TurnAccumulator accumulator = new TurnAccumulator(events::add);
    Recordings.messages("f1-ppt-arg-devnull").forEach(accumulator::accept);
    List<Effect> effects = new ArrayList<>();
    for (SessionEvent event : events) {
      effects.addAll(ui.on(new UiEvent.FromSession(runner.generation(), event)));
    }
    Effect.OfferGrants offer =
        effects.stream()
            .filter(Effect.OfferGrants.class::isInstance)
            .map(Effect.OfferGrants.class::cast)
            .findFirst()
            .orElseThrow();

    GrantForm form =
        GrantForm.of(offer.summary(), new SuggestedRuleOptions(Path.of("/work")), Path.of("/work"));
    form.toggleAll();
    GrantDecision decision = form.decision();
    runner.resumeWithGrants(decision, lock -> {}).toCompletableFuture().join();

    assertThat(decision.rules()).isNotEmpty();
    assertThat(session.decisions).containsExactly(decision);
  }

  /** The shell's side, noted: what the runner feeds back to the model. */
  private record RecordingShell(List<UiEvent> fed) implements EffectRunner.Shell {
    @Override
    public void feed(UiEvent event) {
      fed.add(event);
    }

    @Override
    public void quitNow() {}

    @Override
    public String markdown() {
      return "";
    }

    @Override
    public void indexFiles(Path directory) {}

    @Override
    public void modeChosen(String mode) {}

    @Override
    public void help() {}
  }
}
