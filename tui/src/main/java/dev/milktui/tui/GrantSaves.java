package dev.milktui.tui;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.grants.GrantException;
import dev.milktui.core.grants.LockWaits;
import dev.milktui.core.grants.SavedGrants;
import dev.milktui.tui.app.SaveProgress;
import dev.milktui.tui.dialog.GrantSaver;
import dev.milktui.tui.text.Sanitizer;
import dev.milktui.tui.work.Workers;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.FutureTask;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Every save to Claude's settings the UI makes ("allow always", the grant dialog's "remember"): on
 * a worker, never the UI thread; with one bound ({@link #BOUND}, checked on the clock's tick), one
 * cancel (interrupting the save's thread, so a wait for a lock ends and nothing is written) and one
 * progress wording. A save that still ends after it was cancelled or ran out of time is said, with
 * how to undo it. Call on the UI thread.
 */
final class GrantSaves {
  /**
   * How long a save may take: longer than the settings store's own wait for Claude's lock (12 s),
   * so that its clearer message arrives first.
   */
  static final Duration BOUND = Duration.ofSeconds(15);

  static final String CANCELLED = "Saving was cancelled: nothing was saved.";
  static final String TIMED_OUT =
      "Claude's settings were still busy after "
          + BOUND.toSeconds()
          + " s (another program may hold their lock): nothing was saved. You are told if the save"
          + " still ends.";

  private final GrantSaver saver;
  private final Workers workers;
  private final Clock clock;
  private final BiConsumer<SessionEvent.Level, String> notices;
  private final Map<SaveProgress, Save> running = new IdentityHashMap<>();

  GrantSaves(
      GrantSaver saver,
      Workers workers,
      Clock clock,
      BiConsumer<SessionEvent.Level, String> notices) {
    this.saver = saver;
    this.workers = workers;
    this.clock = clock;
    this.notices = notices;
  }

  /** What "Saving to …" names: the file the saver writes. */
  String destination() {
    return saver.destination();
  }

  /**
   * Saves exactly {@code decision} on a worker; once saved, {@code then} runs on the UI thread with
   * what the save wrote (it applies the decision and tells {@code progress}); otherwise {@code
   * progress} hears why not.
   */
  void start(GrantDecision decision, SaveProgress progress, Consumer<SavedGrants> then) {
    cancel(progress, null);
    Save save = new Save(decision, progress, then, clock.instant().plus(BOUND));
    running.put(progress, save);
    progress.progress("Saving to " + Sanitizer.revealInline(saver.destination()) + "…");
    workers.execute(save.task);
  }

  /** Stops the save {@code progress} follows; it hears that nothing was saved. */
  void cancel(SaveProgress progress) {
    cancel(progress, CANCELLED);
  }

  /** The user quits: every save still running stops, unwritten; nobody is left to be told. */
  void cancelAll() {
    running.values().forEach(save -> save.task.cancel(true));
    running.clear();
  }

  /** The clock's tick: a save past its bound stops, and its dialog says so. */
  void tick() {
    Instant now = clock.instant();
    List<Save> late = new ArrayList<>();
    running.values().stream().filter(save -> now.isAfter(save.deadline)).forEach(late::add);
    late.forEach(save -> cancel(save.progress, TIMED_OUT));
  }

  private void cancel(SaveProgress progress, String why) {
    Save save = running.remove(progress);
    if (save != null) {
      save.task.cancel(true);
      if (why != null) {
        progress.notSaved(why);
      }
    }
  }

  /** Back on the UI thread: apply once saved, or say why not. */
  private void ended(Save save, Optional<String> failure, SavedGrants written) {
    if (running.get(save.progress) != save) {
      if (failure.isEmpty()) {
        notices.accept(
            SessionEvent.Level.WARNING,
            "The grants "
                + String.join(", ", save.decision.rules())
                + (save.decision.directories().isEmpty()
                    ? ""
                    : " and directories " + save.decision.directories())
                + " were saved to "
                + saver.destination()
                + " after the save was stopped; `milk-tui grants revoke` removes them.");
      }
      return;
    }
    running.remove(save.progress);
    if (failure.isPresent()) {
      save.progress.notSaved("Could not save: " + Sanitizer.oneLine(failure.get()));
    } else {
      save.then.accept(written);
    }
  }

  private final class Save implements Runnable {
    final GrantDecision decision;
    final SaveProgress progress;
    final Consumer<SavedGrants> then;
    final Instant deadline;
    final FutureTask<Void> task = new FutureTask<>(this, null);

    Save(
        GrantDecision decision,
        SaveProgress progress,
        Consumer<SavedGrants> then,
        Instant deadline) {
      this.decision = decision;
      this.progress = progress;
      this.then = then;
      this.deadline = deadline;
    }

    @Override
    @SuppressWarnings("try") // the scope reports lock waits for the block, never read
    public void run() {
      Optional<String> failure;
      SavedGrants written = null;
      try (LockWaits.Scope scope = LockWaits.listen(lock -> workers.report(() -> waiting(lock)))) {
        written = saver.save(decision);
        failure = Optional.empty();
      } catch (GrantException | RuntimeException e) {
        failure = Optional.of(String.valueOf(e.getMessage()));
      }
      Optional<String> result = failure;
      SavedGrants wrote = written;
      workers.report(() -> ended(this, result, wrote));
    }

    private void waiting(java.nio.file.Path lock) {
      if (running.get(progress) == this) {
        progress.progress(
            "Waiting for "
                + Sanitizer.revealInline(lock.toString())
                + " (another program, maybe Claude, is writing these settings)…");
      }
    }
  }
}
