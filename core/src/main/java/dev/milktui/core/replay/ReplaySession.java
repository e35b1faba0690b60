package dev.milktui.core.replay;

import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.TurnSummary;
import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.grants.GrantException;
import dev.milktui.core.grants.GrantPersister;
import dev.milktui.core.grants.SavedGrants;
import dev.milktui.core.session.Session;
import dev.milktui.core.session.SessionEngine;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.tinylog.Logger;

/**
 * Plays a {@link ReplayScript} through the same routing as a live session: {@code milk-tui replay},
 * the offline demo and fast tests. A script's turns wait for the user's messages, and a permission
 * request for a real answer, which picks what follows. A recording ({@link ReplayScript#fromStart})
 * plays from its start, read-only: a message is not sent, nothing asks the user, and file calls
 * show the diff their input holds.
 */
public final class ReplaySession implements Session {
  private static final String END_OF_SCRIPT = "The recorded session has no more turns.";
  static final String READ_ONLY = "This is a replay: nothing is sent.";
  static final String END_OF_RECORDING = "End of the replay.";

  private final ReplayScript script;
  private final GrantPersister persister;
  private final double speed;
  private final SessionEngine engine;
  private final BlockingQueue<Runnable> commands = new LinkedBlockingQueue<>();
  private final BlockingQueue<Boolean> answers = new LinkedBlockingQueue<>();
  private final Thread player;
  private volatile boolean interrupted;
  private volatile boolean closed;
  // Turns finished so far: a command that played none ends its own turn. A flag set by the
  // prompt would race with the next prompt, shown by another thread while this command ends.
  private final AtomicInteger finishedTurns = new AtomicInteger();
  private final AtomicInteger pending = new AtomicInteger();
  private final boolean unattended;
  private int nextTurn;
  private int nextResume;

  /**
   * @param speed multiplies the script's delays: 1 plays as recorded, 0 without pauses
   */
  public ReplaySession(
      ReplayScript script,
      Consumer<SessionEvent> listener,
      GrantPersister persister,
      double speed) {
    this(script, listener, persister, speed, true);
  }

  private ReplaySession(
      ReplayScript script,
      Consumer<SessionEvent> listener,
      GrantPersister persister,
      double speed,
      boolean threaded) {
    this.script = script;
    this.persister = persister;
    this.speed = speed;
    this.unattended = !threaded;
    Consumer<SessionEvent> counted =
        event -> {
          if (event instanceof SessionEvent.TurnFinished) {
            finishedTurns.incrementAndGet();
          }
          listener.accept(event);
        };
    this.engine =
        script.fromStart()
            ? new SessionEngine(event -> shownReadOnly(event, counted), new RecordedDiffs())
            : new SessionEngine(counted);
    this.player = new Thread(this::loop, "milk-replay");
    player.setDaemon(true);
    player.setUncaughtExceptionHandler(
        (thread, error) -> {
          Logger.error(error, "replay failed");
          engine.emit(
              new SessionEvent.Notice(SessionEvent.Level.ERROR, "The replay failed: " + error));
        });
    if (threaded) {
      if (script.fromStart()) {
        enqueue(this::playRecording);
      }
      player.start();
    }
  }

  /**
   * Plays the whole script on the calling thread without pauses (an export): a script's turns one
   * after another, each permission branch as allowed.
   */
  public static void playAll(ReplayScript script, Consumer<SessionEvent> listener) {
    ReplaySession session = new ReplaySession(script, listener, GrantPersister.REFUSE, 0, false);
    if (script.fromStart()) {
      session.play(script.turns().get(0).items());
      return;
    }
    for (int i = 0; i < script.turns().size(); i++) {
      session.playNextTurn();
    }
  }

  /**
   * Plays a recording item by item on the calling thread, without pauses, as its file is read (a
   * streamed export): the same as {@link #playAll} of the whole recording.
   */
  public static Consumer<ReplayScript.Item> recordingPlayer(Consumer<SessionEvent> listener) {
    ReplaySession session =
        new ReplaySession(
            ReplayScript.recording(List.of()), listener, GrantPersister.REFUSE, 0, false);
    return item -> session.play(List.of(item));
  }

  /** What a read-only replay shows: everything but what would ask the user something. */
  private static void shownReadOnly(SessionEvent event, Consumer<SessionEvent> listener) {
    if (!(event instanceof SessionEvent.PermissionRequested
        || event instanceof SessionEvent.GrantsNeeded
        || event instanceof SessionEvent.ElicitationRequested)) {
      listener.accept(event);
    }
  }

  @Override
  public void send(String text) {
    if (closed) {
      return;
    }
    if (script.fromStart()) {
      engine.emit(new SessionEvent.Notice(SessionEvent.Level.INFO, READ_ONLY));
      return;
    }
    engine.emit(new SessionEvent.UserPrompt(text, false));
    enqueue(this::playNextTurn);
  }

  @Override
  public void interrupt() {
    interrupted = pending.get() > 0;
    answers.offer(Boolean.FALSE);
  }

  @Override
  public void setPermissionMode(String mode) {
    engine.emit(new SessionEvent.StatusChanged(null, mode));
  }

  @Override
  public void resumeWithGrants(GrantDecision decision) throws GrantException {
    if (decision.persist() && decision.grantsSomething()) {
      persister.persist(decision);
    }
    resumeWithSavedGrants(decision, Optional.empty());
  }

  @Override
  public void resumeWithSavedGrants(GrantDecision decision, Optional<SavedGrants> saved) {
    engine.emit(
        new SessionEvent.Notice(
            SessionEvent.Level.INFO,
            "Resuming session "
                + engine.sessionId().orElse("")
                + (decision.grantsSomething()
                    ? " with " + String.join(", ", decision.rules()) + " " + decision.directories()
                    : " without new grants")
                + "."));
    engine.emit(new SessionEvent.UserPrompt(decision.retryMessage(), true));
    enqueue(this::playNextResume);
  }

  @Override
  public Optional<String> sessionId() {
    return engine.sessionId();
  }

  @Override
  public boolean busy() {
    return pending.get() > 0;
  }

  @Override
  public void close() {
    closed = true;
    player.interrupt();
    engine.abandonAll("the session was closed");
  }

  private void enqueue(Runnable command) {
    pending.incrementAndGet();
    commands.add(command);
  }

  private void loop() {
    try {
      while (!closed) {
        Runnable command = commands.take();
        interrupted = false;
        command.run();
        pending.decrementAndGet();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void playNextTurn() {
    int finished = finishedTurns.get();
    if (nextTurn >= script.turns().size()) {
      engine.emit(new SessionEvent.Notice(SessionEvent.Level.INFO, END_OF_SCRIPT));
    } else {
      play(script.turns().get(nextTurn++).items());
    }
    endOpenTurn(finished);
  }

  /** A recording, whole; a turn it leaves open (a cut-off session) ends with it. */
  private void playRecording() {
    int finished = finishedTurns.get();
    play(script.turns().get(0).items());
    if (!closed && !interrupted) {
      engine.emit(new SessionEvent.Notice(SessionEvent.Level.INFO, END_OF_RECORDING));
    }
    endOpenTurn(finished);
  }

  private void playNextResume() {
    int finished = finishedTurns.get();
    if (nextResume >= script.resumes().size()) {
      engine.emit(new SessionEvent.Notice(SessionEvent.Level.INFO, END_OF_SCRIPT));
    } else {
      play(script.resumes().get(nextResume++).items());
    }
    endOpenTurn(finished);
  }

  /**
   * A message the recording has no (more) reply for, or whose replay was stopped, still ends its
   * turn: otherwise the screen would say "thinking" for ever.
   */
  private void endOpenTurn(int finishedBefore) {
    if (finishedTurns.get() == finishedBefore && !closed) {
      engine.emit(
          new SessionEvent.TurnFinished(TurnSummary.notRun(engine.sessionId().orElse(null))));
    }
  }

  private void play(List<ReplayScript.Item> items) {
    long delay = 0;
    for (ReplayScript.Item item : items) {
      if (closed) {
        return;
      }
      if (interrupted) {
        engine.emit(
            new SessionEvent.Notice(SessionEvent.Level.WARNING, "The replayed turn was stopped."));
        engine.abandonAll("the turn was interrupted");
        engine.accumulator().resetTurn();
        return;
      }
      if (item instanceof ReplayScript.Delay d) {
        delay = d.millis();
      } else if (item instanceof ReplayScript.Line line) {
        pause(delay);
        answers.clear();
        engine.acceptLine(
            line.bytes(), line.offset(), line.length(), this::channel, unsupported -> {});
      } else if (item instanceof ReplayScript.Prompt prompt) {
        pause(delay);
        engine.emit(new SessionEvent.UserPrompt(prompt.text(), false));
      } else if (item instanceof ReplayScript.Note note) {
        engine.emit(new SessionEvent.Notice(SessionEvent.Level.INFO, note.text()));
      } else if (item instanceof ReplayScript.EndTurn) {
        engine.emit(
            new SessionEvent.TurnFinished(TurnSummary.notRun(engine.sessionId().orElse(null))));
      } else if (item instanceof ReplayScript.Branch branch) {
        Boolean allowed = unattended ? Boolean.TRUE : awaitAnswer();
        if (allowed == null) {
          return;
        }
        play(allowed ? branch.onAllow() : branch.onDeny());
        return;
      }
    }
  }

  private PermissionRequest.Channel channel(String requestId) {
    return (request, line) -> {
      if (!engine.close(request)) {
        return false;
      }
      answers.offer(request.state() == PermissionRequest.State.ALLOWED);
      return true;
    };
  }

  private Boolean awaitAnswer() {
    try {
      return answers.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  private void pause(long millis) {
    long scaled = (long) (millis * speed);
    if (scaled <= 0) {
      return;
    }
    try {
      TimeUnit.MILLISECONDS.sleep(scaled);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      closed = true;
    }
  }
}
