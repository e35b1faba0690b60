package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.conversation.Conversation;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.grants.SavedGrants;
import dev.milktui.core.session.Session;
import dev.milktui.core.testkit.Persisters;
import dev.milktui.core.testkit.Recordings;
import dev.milktui.core.turn.TurnAccumulator;
import dev.milktui.tui.app.Effect;
import dev.milktui.tui.app.SaveProgress;
import dev.milktui.tui.app.Ui;
import dev.milktui.tui.app.UiEvent;
import dev.milktui.tui.copy.Clipboard;
import dev.milktui.tui.dialog.GrantForm;
import dev.milktui.tui.dialog.SuggestedRuleOptions;
import dev.milktui.tui.keys.KeyMap;
import dev.milktui.tui.terminal.TerminalSignals;
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
 * asks for the grant dialog; the dialog's form makes the decision; the effect runner saves it (the
 * one way both grant dialogs save) and hands it to the session, which resumes.
 */
class StreamClosedFlowTest {
  @Test
  void grantsNeededBecomeADecisionTheSessionResumesWith() {
    FakeSession session = new FakeSession();
    List<UiEvent> pumped = new ArrayList<>();
    List<GrantDecision> saved = new ArrayList<>();
    Workers workers = new Workers(Runnable::run, Runnable::run);
    EffectRunner runner =
        new EffectRunner(
            new SessionFactory() {
              @Override
              public Session open(Consumer<SessionEvent> listener, Optional<String> resume) {
                return session;
              }
            },
            pumped::add,
            workers,
            TranscriptExporter.NONE,
            ZoneOffset.UTC,
            new GrantSaves(
                Persisters.into(saved)::persist, workers, Clock.systemUTC(), (level, text) -> {}),
            new Clipboard(new Workers(Runnable::run, Runnable::run), Optional.empty(), Map.of()));
    Ui ui = new Ui(Clock.systemUTC(), Duration.ofMinutes(2), runner::busy, new KeyMap()::keyName);
    List<UiEvent> fed = new ArrayList<>();
    runner.attach(null, new RecordingShell(fed), TerminalSignals.NONE);
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
    form.setPersist(true);
    GrantDecision decision = form.decision();
    List<String> heard = new ArrayList<>();
    runner.run(
        List.of(
            new Effect.ResumeWithGrants(
                decision,
                new SaveProgress() {
                  @Override
                  public void progress(String text) {
                    heard.add(text);
                  }

                  @Override
                  public void saved(Optional<SavedGrants> written) {
                    heard.add("saved");
                  }

                  @Override
                  public void notSaved(String why) {
                    heard.add(why);
                  }
                })));

    assertThat(decision.rules()).isNotEmpty();
    assertThat(saved).as("saved first, exactly as decided").containsExactly(decision);
    assertThat(session.decisions).containsExactly(decision);
    assertThat(heard).containsExactly("Saving to Claude's user settings…", "saved");
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
    public void help() {}

    @Override
    public void clearMessage() {}

    @Override
    public void detail(Conversation conversation) {}
  }
}
