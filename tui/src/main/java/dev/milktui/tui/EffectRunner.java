package dev.milktui.tui;

import dev.milktui.core.conversation.Conversation;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.grants.GrantException;
import dev.milktui.core.grants.SavedGrants;
import dev.milktui.core.session.Session;
import dev.milktui.tui.app.Effect;
import dev.milktui.tui.app.SaveProgress;
import dev.milktui.tui.app.UiEvent;
import dev.milktui.tui.copy.Clipboard;
import dev.milktui.tui.overlay.OverlayStack;
import dev.milktui.tui.terminal.TerminalSignals;
import dev.milktui.tui.work.Workers;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.tinylog.Logger;

/**
 * Performs the reducer's effects: the only code that calls the session, opens overlays for it, and
 * hands slow work to the workers, whose outcomes come back to the reducer as events. On the GUI
 * thread.
 */
final class EffectRunner {
  /** The shell's part: what only the screen can do. */
  interface Shell {
    void feed(UiEvent event);

    void quitNow();

    String markdown();

    void indexFiles(Path directory);

    void help();

    void clearMessage();

    void detail(Conversation conversation);
  }

  private final SessionFactory sessions;
  private final Consumer<UiEvent> pump;
  private final Workers workers;
  private final TranscriptExporter exporter;
  private final ZoneId zone;
  private final GrantSaves saves;
  private final Clipboard clipboard;
  private OverlayStack overlays;
  private Shell shell;
  private TerminalSignals signals = TerminalSignals.NONE;
  private Session session;
  private int generation;
  private Path cwd;

  EffectRunner(
      SessionFactory sessions,
      Consumer<UiEvent> pump,
      Workers workers,
      TranscriptExporter exporter,
      ZoneId zone,
      GrantSaves saves,
      Clipboard clipboard) {
    this.sessions = sessions;
    this.pump = pump;
    this.workers = workers;
    this.exporter = exporter;
    this.zone = zone;
    this.saves = saves;
    this.clipboard = clipboard;
  }

  void attach(OverlayStack overlays, Shell shell, TerminalSignals signals) {
    this.overlays = overlays;
    this.shell = shell;
    this.signals = signals;
  }

  boolean busy() {
    return session != null && session.busy();
  }

  int generation() {
    return generation;
  }

  /** The folder claude reported working in (where grant dialogs resolve paths). */
  void workingDirectory(Path directory) {
    cwd = directory;
  }

  void run(List<Effect> effects) {
    // By index: most events answer no effect, and an iterator per streamed delta adds up.
    for (int i = 0; i < effects.size(); i++) {
      Effect effect = effects.get(i);
      try {
        run(effect);
      } catch (RuntimeException e) {
        Logger.error(e, "{} failed", effect.getClass().getSimpleName());
        shell.feed(new UiEvent.Note(SessionEvent.Level.ERROR, failure(effect) + e.getMessage()));
      }
    }
  }

  private static String failure(Effect effect) {
    if (effect instanceof Effect.Send) {
      return "Could not send: ";
    } else if (effect instanceof Effect.Interrupt) {
      return "Could not interrupt: ";
    } else if (effect instanceof Effect.SetMode) {
      return "Could not change the permission mode: ";
    }
    return "Failed: ";
  }

  private void run(Effect effect) {
    if (effect instanceof Effect.Send s) {
      requireSession().send(s.text());
    } else if (effect instanceof Effect.Interrupt) {
      requireSession().interrupt();
    } else if (effect instanceof Effect.SetMode m) {
      requireSession().setPermissionMode(m.mode());
    } else if (effect instanceof Effect.StopTask t) {
      if (session != null) {
        session.stopTask(t.taskId());
      }
    } else if (effect instanceof Effect.StopTasksAndGoOn) {
      if (session != null) {
        session.stopTasksAndGoOn();
      }
    } else if (effect instanceof Effect.OpenSession o) {
      close();
      open(o.resume());
    } else if (effect instanceof Effect.Quit) {
      quit();
    } else if (effect instanceof Effect.SaveRules r) {
      saves.start(r.decision(), r.progress(), written -> r.progress().saved(Optional.of(written)));
    } else if (effect instanceof Effect.ResumeWithGrants g) {
      resumeWithGrants(g.decision(), g.progress());
    } else if (effect instanceof Effect.CancelSave c) {
      saves.cancel(c.progress());
    } else {
      overlay(effect);
    }
  }

  /**
   * The grant dialog's answer: remembered grants are saved first (as "allow always" is, with the
   * same bound, cancel and progress), then the session resumes with them, writing nothing itself.
   */
  private void resumeWithGrants(GrantDecision decision, SaveProgress progress) {
    Consumer<Optional<SavedGrants>> resume =
        written -> {
          try {
            requireSession().resumeWithSavedGrants(decision, written);
            progress.saved(written);
          } catch (GrantException | RuntimeException e) {
            progress.notSaved("Could not apply: " + e.getMessage());
          }
        };
    if (decision.persist() && decision.grantsSomething()) {
      saves.start(decision, progress, written -> resume.accept(Optional.of(written)));
    } else {
      resume.accept(Optional.empty());
    }
  }

  /** The clock's tick: a save past its bound stops. */
  void tick() {
    saves.tick();
  }

  private void overlay(Effect effect) {
    if (effect instanceof Effect.AskPermission a) {
      overlays.ask(a.request());
    } else if (effect instanceof Effect.PermissionWithdrawn w) {
      overlays.withdrawn(w.request(), w.reason());
    } else if (effect instanceof Effect.OfferGrants g) {
      overlays.offerGrants(g.summary(), cwd);
    } else if (effect instanceof Effect.OpenForm f) {
      overlays.openForm(f.request());
    } else if (effect instanceof Effect.AbandonForms) {
      overlays.abandonForms();
    } else if (effect instanceof Effect.ShowModeMenu m) {
      overlays.modeMenu(m.current());
    } else if (effect instanceof Effect.ShowTasks t) {
      overlays.showTasks(t.tasks());
    } else if (effect instanceof Effect.TasksChanged t) {
      overlays.tasksChanged(t.tasks());
    } else if (effect instanceof Effect.ShowRestartWaits w) {
      overlays.restartWaits(w.waits());
    } else if (effect instanceof Effect.OfferRestart r) {
      overlays.offerRestart(r.exitCode(), r.sessionId());
    } else if (effect instanceof Effect.OfferTrust t) {
      overlays.offerTrust(t.workspace());
    } else if (effect instanceof Effect.Trust t) {
      trust(t.workspace());
    } else if (effect instanceof Effect.Report r) {
      shell.feed(r.event());
    } else if (effect instanceof Effect.OfferRelaunch r) {
      overlays.offerRelaunch(r.sessionId());
    } else {
      work(effect);
    }
  }

  private void work(Effect effect) {
    if (effect instanceof Effect.Export) {
      export();
    } else if (effect instanceof Effect.ListSessions l) {
      listSessions(l.filter());
    } else if (effect instanceof Effect.IndexFiles i) {
      shell.indexFiles(i.directory());
    } else if (effect instanceof Effect.ShowHelp) {
      shell.help();
    } else if (effect instanceof Effect.ShowDecisions d) {
      showDecisions(d.sessionId());
    } else if (effect instanceof Effect.Notify n) {
      signals.notify(n.title(), n.body(), n.desktop());
    } else if (effect instanceof Effect.Title t) {
      signals.title(t.title());
    } else if (effect instanceof Effect.ClearMessage) {
      shell.clearMessage();
    } else if (effect instanceof Effect.ShowDetail d) {
      shell.detail(d.conversation());
    } else if (effect instanceof Effect.ShowTodos t) {
      overlays.todos(t.lines());
    } else if (effect instanceof Effect.Copy c) {
      clipboard.copy(
          c.text(),
          c.what(),
          report -> shell.feed(new UiEvent.Note(report.level(), report.text())));
    } else if (effect instanceof Effect.CaptureMouse m && !clipboard.captureMouse(m.captured())) {
      shell.feed(
          new UiEvent.Note(
              SessionEvent.Level.WARNING, "The terminal's mouse modes could not be changed."));
    }
  }

  private Session requireSession() {
    if (session == null) {
      throw new IllegalStateException("no session is running");
    }
    return session;
  }

  /** Opens a session; its events go through the pump tagged with its generation. */
  void open(Optional<String> resume) {
    int gen = ++generation;
    try {
      session = sessions.open(event -> pump.accept(new UiEvent.FromSession(gen, event)), resume);
      shell.feed(new UiEvent.SessionOpened(gen, resume));
    } catch (RuntimeException e) {
      Logger.error(e, "could not open a session");
      session = null;
      shell.feed(new UiEvent.SessionFailed(e.getMessage()));
    }
  }

  /**
   * Ends the session and asks the launcher to restore the terminal. A rule still waiting to be
   * saved is not saved: nothing is written to Claude's settings once the user has quit.
   */
  void quit() {
    saves.cancelAll();
    close();
    shell.quitNow();
  }

  void close() {
    generation++;
    if (session != null) {
      try {
        session.close();
      } catch (RuntimeException e) {
        Logger.warn(e, "closing the session failed");
      }
      session = null;
    }
  }

  /** Renders the cells here and writes them on a worker; the outcome comes back as a note. */
  private void export() {
    String markdown = shell.markdown();
    workers.submit(
        () -> exporter.export(markdown),
        outcome ->
            shell.feed(
                outcome.ok()
                    ? new UiEvent.Note(
                        SessionEvent.Level.INFO, "Transcript saved to " + outcome.value())
                    : new UiEvent.Note(
                        SessionEvent.Level.ERROR,
                        "The transcript could not be saved: " + outcome.reason())));
  }

  /** {@code filter}: what {@code /resume ID-or-words} was given, the picker's first filter. */
  private void listSessions(String filter) {
    int gen = generation;
    workers.submit(
        sessions::pastSessions,
        outcome -> {
          if (!outcome.ok()) {
            shell.feed(
                new UiEvent.Note(
                    SessionEvent.Level.ERROR,
                    "Could not list the earlier sessions: " + outcome.reason()));
          } else if (gen == generation) {
            overlays.resumePicker(outcome.value(), zone, filter);
          }
        });
  }

  /** The ledger is read on a worker; the overlay opens with what it found. */
  private void showDecisions(String sessionId) {
    workers.submit(
        () -> sessions.decisions(sessionId),
        outcome -> {
          if (outcome.ok()) {
            overlays.decisions(sessionId, outcome.value());
          } else {
            shell.feed(
                new UiEvent.Note(
                    SessionEvent.Level.ERROR,
                    "The decision ledger could not be read: " + outcome.reason()));
          }
        });
  }

  /** Trusting writes Claude's .claude.json under its lock: on a worker, never this thread. */
  private void trust(Path workspace) {
    workers.submit(
        () -> sessions.trust(workspace),
        outcome ->
            shell.feed(
                outcome.ok()
                    ? new UiEvent.Trusted(workspace, outcome.value())
                    : new UiEvent.Note(SessionEvent.Level.ERROR, outcome.reason())));
  }
}
