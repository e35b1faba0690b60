package dev.milktui.core.session;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.diff.EditDiffs;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.TurnSummary;
import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.grants.GrantException;
import dev.milktui.core.grants.GrantPersister;
import dev.milktui.core.grants.SavedGrants;
import dev.milktui.core.grants.UntrustedWorkspaceDetector;
import dev.milktui.core.ledger.DecisionLedger;
import dev.milktui.core.ledger.SessionDecisions;
import dev.milktui.core.ledger.WhyItRan;
import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.protocol.ControlResponseMessage;
import dev.milktui.core.protocol.HostMessages;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.MalformedLine;
import dev.milktui.core.protocol.ResultMessage;
import dev.milktui.core.protocol.SystemMessage;
import dev.milktui.core.session.ProcessTransport.Outgoing;
import dev.milktui.core.session.SessionMessage.Answer;
import dev.milktui.core.session.SessionMessage.AskContextUsage;
import dev.milktui.core.session.SessionMessage.Close;
import dev.milktui.core.session.SessionMessage.Emit;
import dev.milktui.core.session.SessionMessage.Exited;
import dev.milktui.core.session.SessionMessage.GrantsPersisted;
import dev.milktui.core.session.SessionMessage.InputFailed;
import dev.milktui.core.session.SessionMessage.Interrupt;
import dev.milktui.core.session.SessionMessage.Line;
import dev.milktui.core.session.SessionMessage.Malformed;
import dev.milktui.core.session.SessionMessage.Prepared;
import dev.milktui.core.session.SessionMessage.ResumeSaved;
import dev.milktui.core.session.SessionMessage.ResumeWithGrants;
import dev.milktui.core.session.SessionMessage.Send;
import dev.milktui.core.session.SessionMessage.SetMode;
import dev.milktui.core.session.SessionMessage.Start;
import dev.milktui.core.session.SessionMessage.StopTask;
import dev.milktui.core.session.SessionMessage.StopTasksAndGoOn;
import dev.milktui.core.session.SessionMessage.ThreadCrashed;
import dev.milktui.core.session.SessionState.Closed;
import dev.milktui.core.session.SessionState.Idle;
import dev.milktui.core.session.SessionState.Preparing;
import dev.milktui.core.session.SessionState.Retiring;
import dev.milktui.core.session.SessionState.Running;
import dev.milktui.core.session.SessionState.WaitingForTasks;
import dev.milktui.core.task.RunningTasks;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.tinylog.Logger;

/**
 * A Claude conversation run by the real CLI, as an actor: one thread ({@code milk-session-N}) owns
 * every piece of state and handles one {@link SessionMessage} at a time; UI commands and the
 * process's threads only post messages, so every public method returns at once. The state is a
 * {@link SessionState}, changed only in {@link #on}. Slow effects (stopping a process, persisting
 * grants, reading settings) run on {@code milk-session-N-effects} threads and report back as
 * messages. Events go to the listener on the actor thread, in order, outside any lock.
 *
 * <p>With {@link Transport#STREAM} one process serves every turn; a new one, resumed from the same
 * session id, replaces it when grants change, when the permission channel died ("Stream closed") or
 * when it exited. With {@link Transport#ONE_SHOT} each turn is its own process. Any way the child
 * stops listening (its input closed, a dead pipe thread) ends it and is reported as an unexpected
 * exit, which the UI answers with its resume / new session offer.
 */
public final class ClaudeSession implements Session {
  static final String UNKNOWN_SESSION = "No conversation found with session ID";

  /**
   * How long saving grants may take before the session gives up on it: longer than the settings
   * store's own wait for Claude's lock (12 s), so that its clearer message arrives first.
   */
  static final Duration PERSIST_BOUND = Duration.ofSeconds(15);

  private static final long STOP_GRACE_MILLIS = 3_000;
  private static final Duration CONTEXT_USAGE_DELAY = Duration.ofMillis(250);
  private static final UntrustedWorkspaceDetector UNTRUSTED = new UntrustedWorkspaceDetector();
  private static final AtomicInteger SESSIONS = new AtomicInteger();

  private final Consumer<SessionEvent> listener;
  private final GrantPersister persister;
  private final SessionRecorder recorder;
  private final ProcessTransport transport;
  private final BlockingQueue<SessionMessage> inbox = new LinkedBlockingQueue<>();
  private final ExecutorService effects;
  private final AtomicInteger unhandledSends = new AtomicInteger();
  private final LinesInFlight linesInFlight = new LinesInFlight();
  private volatile boolean closeRequested;

  // Owned by the actor thread.
  private final List<SessionEvent> outbox = new ArrayList<>();
  private final SessionEngine router;
  private final SessionDecisions decisions;
  private final Deque<String> waiting = new ArrayDeque<>();
  private final Turns turns = new Turns();
  private final RunningTasks tasks = new RunningTasks();
  private final SessionTotals totals = new SessionTotals();
  private final Set<String> contextRequests = new HashSet<>();
  private SessionState state = new Idle();
  private ProcessRoutes routes;
  private LaunchSpec spec;
  private String sessionId;
  private boolean taskReportDue;
  private ResumeWithGrants saving;
  // Whether the launch asked for a mode (--permission-mode, or the one a restart carries over);
  // the mode the first process starts in goes to the ledger once.
  private final boolean modeAskedAtLaunch;
  private boolean startModeRecorded;
  private long savingDeadline;
  private int hostRequests;

  // What the actor publishes for other threads after each message.
  private volatile boolean busy;
  private volatile String publishedSessionId;
  private volatile LaunchSpec publishedSpec;

  public ClaudeSession(
      LaunchSpec spec,
      Consumer<SessionEvent> listener,
      GrantPersister persister,
      SessionRecorder recorder) {
    this(spec, listener, persister, recorder, DecisionLedger.NONE);
  }

  /**
   * With {@code ledger}, every decision about what may run is written to it before claude is told.
   */
  public ClaudeSession(
      LaunchSpec spec,
      Consumer<SessionEvent> listener,
      GrantPersister persister,
      SessionRecorder recorder,
      DecisionLedger ledger) {
    this.spec = spec;
    this.modeAskedAtLaunch = spec.permissionMode().isPresent();
    this.decisions =
        new SessionDecisions(
            ledger,
            Clock.systemUTC(),
            () -> sessionId,
            problem -> outbox.add(notice(SessionEvent.Level.WARNING, problem)));
    Supplier<WhyItRan> why = this::whyItRan;
    this.router =
        new SessionEngine(
            event -> {
              decisions.observe(event, why);
              outbox.add(event);
            },
            new EditDiffs(spec.workingDirectory()));
    this.listener = listener;
    this.persister = persister;
    this.recorder = recorder;
    this.transport = ProcessTransport.of(spec.transport());
    router.accumulator().permissionChannelClosed(spec.transport() == Transport.ONE_SHOT);
    this.sessionId = spec.resumeSessionId().orElse(null);
    publish();
    String name = "milk-session-" + SESSIONS.incrementAndGet();
    AtomicInteger effectThreads = new AtomicInteger();
    this.effects =
        Executors.newCachedThreadPool(
            body -> daemon(name + "-effects-" + effectThreads.incrementAndGet(), body));
    daemon(name, this::run).start();
  }

  /** Starts the long-lived process now (stream transport), so a missing binary shows at once. */
  public void start() {
    post(new Start(Optional.empty(), List::of));
  }

  /**
   * Like {@link #start()}, after {@code prepare} ran on an effects thread: it does the slow reading
   * (e.g. Claude's settings) and returns the change to the launch spec. When it throws, its message
   * is shown as a warning and the spec stays as it was.
   */
  public void start(Supplier<UnaryOperator<LaunchSpec>> prepare) {
    post(new Start(Optional.of(prepare), List::of));
  }

  /**
   * Like {@link #start(Supplier)}, showing first the earlier conversation {@code history} reads (on
   * the same effects thread, for a resumed session); messages sent meanwhile are shown after it.
   */
  public void start(
      Supplier<UnaryOperator<LaunchSpec>> prepare, Supplier<List<SessionEvent>> history) {
    post(new Start(Optional.of(prepare), history));
  }

  @Override
  public void send(String text) {
    if (!closeRequested) {
      unhandledSends.incrementAndGet();
      post(new Send(text));
    }
  }

  @Override
  public void interrupt() {
    post(new Interrupt());
  }

  @Override
  public void setPermissionMode(String mode) {
    post(new SetMode(mode));
  }

  @Override
  public void stopTask(String taskId) {
    post(new StopTask(taskId));
  }

  @Override
  public void stopTasksAndGoOn() {
    post(new StopTasksAndGoOn());
  }

  /**
   * Returns at once: persisting runs on an effects thread, bounded by {@link #PERSIST_BOUND}; a
   * failure or a timeout is reported as an error notice, and then nothing is resumed. (The UI saves
   * on its own workers and calls {@link #resumeWithSavedGrants}.)
   */
  @Override
  public void resumeWithGrants(GrantDecision decision) {
    post(new ResumeWithGrants(decision));
  }

  /** Returns at once; the actor resumes with grants saved elsewhere, writing nothing. */
  @Override
  public void resumeWithSavedGrants(GrantDecision decision, Optional<SavedGrants> saved) {
    post(new ResumeSaved(decision, saved));
  }

  @Override
  public Optional<String> sessionId() {
    return Optional.ofNullable(publishedSessionId);
  }

  @Override
  public boolean busy() {
    return busy || unhandledSends.get() > 0;
  }

  /** The launch spec the next process will use (grants and mode included). */
  public LaunchSpec launchSpec() {
    return publishedSpec;
  }

  /** Returns at once; the process is stopped (stdin closed, then ended) on an effects thread. */
  @Override
  public void close() {
    if (!closeRequested) {
      closeRequested = true;
      post(new Close());
    }
  }

  private void post(SessionMessage message) {
    inbox.add(message);
  }

  // The actor.

  private void run() {
    try {
      while (!(state instanceof Closed closed && closed.process() == null)) {
        SessionMessage message = next();
        try {
          if (message == null) {
            savingTimedOut();
          } else {
            on(message);
          }
        } catch (RuntimeException e) {
          Logger.error(e, "session failed on {}", message);
          emit(notice(SessionEvent.Level.ERROR, "Internal error in the session: " + e));
        }
        publish();
        deliver();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      linesInFlight.close();
      recorder.close();
      effects.shutdown();
    }
  }

  private void leave(boolean counted) {
    if (counted) {
      linesInFlight.leave();
    }
  }

  /** The next message, or null when the grants being saved ran out of time first. */
  private SessionMessage next() throws InterruptedException {
    if (saving == null) {
      return inbox.take();
    }
    long left = savingDeadline - System.nanoTime();
    return left <= 0 ? null : inbox.poll(left, TimeUnit.NANOSECONDS);
  }

  /** Every transition of the session, by message. */
  private void on(SessionMessage message) {
    if (message instanceof Start start) {
      onStart(start);
    } else if (message instanceof Prepared prepared) {
      onPrepared(prepared);
    } else if (message instanceof Send send) {
      unhandledSends.decrementAndGet();
      onSend(send.text());
    } else if (message instanceof Interrupt) {
      onInterrupt();
    } else if (message instanceof SetMode mode) {
      onSetMode(mode.mode());
    } else if (message instanceof StopTask stop) {
      onStopTask(stop.taskId());
    } else if (message instanceof StopTasksAndGoOn) {
      onStopTasksAndGoOn();
    } else if (message instanceof ResumeWithGrants resume) {
      onResumeWithGrants(resume);
    } else if (message instanceof ResumeSaved saved) {
      if (!(state instanceof Closed)) {
        resume(saved.decision(), saved.saved());
      }
    } else if (message instanceof GrantsPersisted persisted) {
      onGrantsPersisted(persisted);
    } else if (message instanceof AskContextUsage ask) {
      askContextUsage(ask.process());
    } else if (message instanceof Answer answer) {
      onAnswer(answer);
    } else if (message instanceof Close) {
      onClose();
    } else if (message instanceof Line line) {
      leave(line.counted());
      onLine(line.process(), line.message());
    } else if (message instanceof Malformed malformed) {
      leave(malformed.counted());
      router.malformed(malformed.line());
    } else if (message instanceof Emit emit) {
      emit(emit.event());
    } else if (message instanceof InputFailed failed) {
      onInputFailed(failed);
    } else if (message instanceof ThreadCrashed crashed) {
      onThreadCrashed(crashed);
    } else if (message instanceof Exited exited) {
      onExited(exited);
    }
  }

  private void onStart(Start start) {
    if (!(state instanceof Idle)) {
      return;
    }
    if (start.prepare().isEmpty()) {
      startWithSession();
      return;
    }
    to(new Preparing());
    Supplier<UnaryOperator<LaunchSpec>> prepare = start.prepare().get();
    Supplier<List<SessionEvent>> history = start.history();
    effects.execute(
        () -> {
          List<SessionEvent> earlier = readHistory(history);
          try {
            post(new Prepared(prepare.get(), Optional.empty(), earlier));
          } catch (RuntimeException e) {
            Logger.warn(e, "preparing the launch failed");
            post(
                new Prepared(
                    UnaryOperator.identity(),
                    Optional.of(notice(SessionEvent.Level.WARNING, String.valueOf(e.getMessage()))),
                    earlier));
          }
        });
  }

  private static List<SessionEvent> readHistory(Supplier<List<SessionEvent>> history) {
    try {
      return history.get();
    } catch (RuntimeException e) {
      Logger.warn(e, "reading the earlier conversation failed");
      return List.of(
          notice(
              SessionEvent.Level.WARNING,
              "The earlier conversation could not be shown: " + e.getMessage()));
    }
  }

  private void onPrepared(Prepared prepared) {
    if (!(state instanceof Preparing)) {
      return;
    }
    spec = prepared.change().apply(spec);
    prepared.history().forEach(this::emit);
    // Messages sent while preparing are shown after the earlier conversation.
    waiting.forEach(text -> emit(new SessionEvent.UserPrompt(text, false)));
    prepared.notice().ifPresent(this::emit);
    to(new Idle());
    startWithSession();
    drain();
  }

  private void startWithSession() {
    if (transport.startsWithSession() && state instanceof Idle) {
      launch(Optional.empty());
    }
  }

  private void onSend(String text) {
    if (state instanceof Closed) {
      return;
    }
    if (!(state instanceof Preparing)) {
      emit(new SessionEvent.UserPrompt(text, false));
    }
    waiting.addLast(text);
    drain();
  }

  /** Hands waiting messages, oldest first, to the process while it takes them. */
  private void drain() {
    while (!waiting.isEmpty()) {
      if (!offer(waiting.peekFirst())) {
        return;
      }
      waiting.pollFirst();
    }
  }

  private boolean offer(String text) {
    Outgoing turn = new Outgoing(UUID.randomUUID().toString(), text);
    boolean delivered = false;
    if (state instanceof Idle) {
      delivered = launch(Optional.of(turn));
    } else if (state instanceof Running running) {
      if (running.channelDead()) {
        // This process can no longer ask for permissions: a fresh, resumed one takes over.
        restart(running.process(), "because its permission channel closed");
        return false;
      }
      delivered = !running.unknownSession() && transport.deliver(running.process(), turn);
    }
    if (delivered) {
      turns.delivered(turn.uuid(), turn.text());
    }
    return delivered;
  }

  /**
   * Replaces the process, unless tasks run in it that ending it would cut: then the user is told
   * and asked, and it is replaced once they end ({@link #restartWhenTasksEnd}) or are stopped.
   */
  private void restart(ClaudeProcess process, String reason) {
    if (tasks.isEmpty() && !(turns.state() instanceof TurnState.Running)) {
      retire(process, true);
      return;
    }
    to(new WaitingForTasks(process, reason));
    if (tasks.isEmpty()) {
      // Only a turn claude started by itself runs: it ends by itself, soon.
      emit(
          notice(
              SessionEvent.Level.INFO, "claude is restarted " + reason + " once its turn ends."));
    } else {
      emit(new SessionEvent.RestartWaitsForTasks(reason, tasks.running()));
    }
  }

  /**
   * A finished background task is reported to Claude in a turn claude starts by itself; the restart
   * waits for that turn too, so that it is not cut.
   */
  private void restartWhenTasksEnd() {
    if (state instanceof WaitingForTasks waiting
        && tasks.isEmpty()
        && !turns.active()
        && !taskReportDue) {
      emit(notice(SessionEvent.Level.INFO, "Nothing runs in claude any more; restarting it."));
      retire(waiting.process(), true);
    }
  }

  private void onStopTasksAndGoOn() {
    if (!(state instanceof WaitingForTasks waiting)) {
      return;
    }
    tasks.running().forEach(task -> onStopTask(task.taskId()));
    emit(notice(SessionEvent.Level.WARNING, "Stopping the running tasks and restarting claude."));
    retire(waiting.process(), true);
  }

  private void onStopTask(String taskId) {
    ClaudeProcess process = livingProcess();
    if (process == null
        || !transport.control(
            process, HostMessages.stopTask("milk-stop-" + ++hostRequests, taskId))) {
      emit(
          notice(
              SessionEvent.Level.WARNING, "The task could not be stopped: claude is not running."));
    }
  }

  /** The process that takes messages and requests now, or null. */
  private ClaudeProcess livingProcess() {
    return state instanceof Running || state instanceof WaitingForTasks ? state.process() : null;
  }

  private void onInterrupt() {
    ClaudeProcess process = livingProcess();
    if (process == null || !turns.active()) {
      return;
    }
    String id = "milk-interrupt-" + ++hostRequests;
    router.accumulator().interruptSent();
    turns.interruptSent();
    if (!transport.interrupt(process, id)) {
      emit(notice(SessionEvent.Level.WARNING, "The turn was stopped by ending its process."));
      waiting.clear();
      to(new Retiring(process, true));
    }
  }

  private void onSetMode(String mode) {
    decisions.modeAsked(mode);
    spec = spec.withPermissionMode(mode);
    ClaudeProcess process = livingProcess();
    if (process != null && process.isAlive()) {
      transport.setPermissionMode(process, "milk-mode-" + ++hostRequests, mode);
    }
  }

  private void onResumeWithGrants(ResumeWithGrants resume) {
    GrantDecision decision = resume.decision();
    if (state instanceof Closed) {
      return;
    }
    if (!(decision.persist() && decision.grantsSomething())) {
      resume(decision, Optional.empty());
      return;
    }
    if (saving != null) {
      emit(
          notice(
              SessionEvent.Level.WARNING,
              "Still saving the previous grants; nothing else was resumed."));
      return;
    }
    saving = resume;
    savingDeadline = System.nanoTime() + PERSIST_BOUND.toNanos();
    emit(notice(SessionEvent.Level.INFO, "Saving the grants to Claude's settings…"));
    effects.submit(() -> persist(resume));
  }

  private void persist(ResumeWithGrants resume) {
    Optional<String> failure;
    Optional<SavedGrants> saved = Optional.empty();
    try {
      saved = Optional.of(persister.persist(resume.decision()));
      failure = Optional.empty();
    } catch (GrantException | RuntimeException e) {
      failure = Optional.of(String.valueOf(e.getMessage()));
    } catch (Error e) {
      // The task's future would keep it from the uncaught-exception handler: the user is told.
      Logger.error(e, "saving grants failed");
      failure = Optional.of(e.toString());
    }
    post(new GrantsPersisted(resume, failure, saved));
  }

  private void onGrantsPersisted(GrantsPersisted persisted) {
    if (persisted.resume() != saving) {
      // The wait ran out before; the user was told nothing was resumed, and now learns the end.
      emit(
          persisted.failure().isEmpty()
              ? notice(
                  SessionEvent.Level.WARNING,
                  "The grants were saved to Claude's settings late; they apply from the next claude"
                      + " process.")
              : notice(
                  SessionEvent.Level.WARNING,
                  "The late save of the grants failed too: " + persisted.failure().get()));
      return;
    }
    saving = null;
    if (persisted.failure().isPresent()) {
      String text =
          "The grants could not be saved (" + persisted.failure().get() + "); nothing was resumed.";
      emit(notice(SessionEvent.Level.ERROR, text));
    } else if (!(state instanceof Closed)) {
      resume(persisted.resume().decision(), persisted.saved());
    }
  }

  private void savingTimedOut() {
    String text =
        "Claude's settings were still busy after "
            + PERSIST_BOUND.toSeconds()
            + " s (another program may hold their lock); the grants were not applied and"
            + " nothing was resumed. You are told if the save still ends.";
    emit(notice(SessionEvent.Level.ERROR, text));
    saving = null;
  }

  private void resume(GrantDecision decision, Optional<SavedGrants> saved) {
    decisions.granted(decision, saved);
    spec = spec.withGrants(decision.rules(), decision.directories());
    emit(
        notice(
            SessionEvent.Level.INFO,
            (sessionId == null ? "Starting a new session" : "Resuming session " + sessionId)
                + (decision.grantsSomething()
                    ? " with " + describe(decision)
                    : " without new grants")
                + "."));
    String retry = decision.retryMessage();
    emit(new SessionEvent.UserPrompt(retry, true));
    // The retry goes first, to a process launched with the new grants.
    waiting.addFirst(retry);
    if (state instanceof Running running) {
      restart(running.process(), "to apply the grants");
    } else {
      drain();
    }
  }

  private void onAnswer(Answer answer) {
    if (!router.close(answer.request())) {
      return;
    }
    ClaudeProcess process = answer.process();
    boolean reachable = process == state.process() && process.isAlive();
    if (reachable) {
      // In the ledger before claude hears it, so no answer is ever missing from it.
      decisions.answered(answer.request(), answer.line());
    }
    if (!reachable || !process.write(answer.line())) {
      decisions.deniedByDefault(
          answer.request(),
          "your answer did not reach claude (its process ended or stopped reading)");
      emit(
          notice(
              SessionEvent.Level.WARNING,
              "Your answer about "
                  + answer.request().toolName()
                  + " did not reach claude: its process ended or stopped reading."));
    }
  }

  private void onClose() {
    waiting.clear();
    router.abandonAll("the session was closed");
    ClaudeProcess process = state.process();
    to(new Closed(process));
    if (process != null) {
      effects.execute(() -> process.stop(STOP_GRACE_MILLIS));
    }
  }

  private void onLine(ClaudeProcess process, CliMessage message) {
    if (message.sessionId() != null && !message.sessionId().isEmpty()) {
      adoptSessionId(message.sessionId());
    }
    if (message instanceof ControlResponseMessage response
        && contextRequests.remove(response.requestId())) {
      contextAnswered(response);
      return;
    }
    if (message instanceof ResultMessage result && isUnknownSession(result)) {
      // The stored session is gone; at exit the messages sent to this process go to a fresh one.
      if (state instanceof Running running && running.process() == process) {
        to(new Running(process, running.channelDead(), true));
      }
      return;
    }
    if (routes == null || routes.process != process) {
      routes = new ProcessRoutes(process);
    }
    Optional<TurnSummary> finished = router.route(message, routes.channelFor, routes.unsupported);
    adoptReported(process, message);
    if (finished.isPresent()
        && !finished.get().streamClosed().isEmpty()
        && state instanceof Running running
        && running.process() == process) {
      // The permission channel died in this turn: the next send replaces the process.
      to(new Running(process, true, running.unknownSession()));
    }
    boolean quiet = !(turns.state() instanceof TurnState.Running);
    Optional<Turns.Dropped> dropped = turns.on(message);
    if (dropped.isPresent()) {
      emit(
          notice(
              SessionEvent.Level.WARNING,
              "claude did not answer your message ("
                  + dropped.get().state()
                  + "): "
                  + firstLine(dropped.get().text())));
    }
    if (quiet && turns.state() instanceof TurnState.Running running && running.byClaude()) {
      emit(new SessionEvent.TurnStartedByClaude());
    }
    if (tasks.accept(message)) {
      emit(new SessionEvent.TasksChanged(tasks.running()));
    }
    if (message instanceof SystemMessage.TaskNotification) {
      taskReportDue = true;
    } else if (message instanceof SystemMessage.Init || message instanceof ResultMessage) {
      taskReportDue = false;
    }
    if (message instanceof ResultMessage result && sessionId != null) {
      SessionTotals.Totals sum = totals.add(sessionId, result);
      emit(new SessionEvent.TotalsChanged(sessionId, sum.tokens(), sum.costUsd()));
      // Asked a moment later: a session closed right after its turn then ends at once, rather
      // than after claude has worked out an answer no one will read.
      CompletableFuture.delayedExecutor(
              CONTEXT_USAGE_DELAY.toMillis(), TimeUnit.MILLISECONDS, Runnable::run)
          .execute(() -> post(new AskContextUsage(process)));
    }
    restartWhenTasksEnd();
  }

  /** After a turn: how full the context is now (the CLI answers from the last usage). */
  private void askContextUsage(ClaudeProcess process) {
    String id = "milk-context-" + ++hostRequests;
    if (process == livingProcess()
        && transport.control(process, HostMessages.getContextUsage(id))) {
      contextRequests.add(id);
    }
  }

  private void contextAnswered(ControlResponseMessage response) {
    JsonNode usage = response.response();
    if (!response.success() || usage == null) {
      Logger.debug("get_context_usage failed: {}", response.error());
      return;
    }
    long tokens = Json.longValue(usage, "totalTokens", -1);
    long max = Json.longValue(usage, "maxTokens", -1);
    if (tokens < 0 || max <= 0) {
      return;
    }
    int percent = (int) Math.min(100, Math.round(100.0 * tokens / max));
    emit(new SessionEvent.ContextUsage(tokens, max, percent));
  }

  private static String firstLine(String text) {
    String line = text.strip();
    int newline = line.indexOf('\n');
    line = newline < 0 ? line : line.substring(0, newline) + " …";
    return line.length() > 80 ? line.substring(0, 80) + "…" : line;
  }

  /**
   * The model and mode claude last reported in its init and status lines (a /model, a plan
   * approved, a mode set) are what a relaunch passes on, not the ones milk-tui started with; a mode
   * milk-tui did not ask for is said and set back.
   */
  private void adoptReported(ClaudeProcess process, CliMessage message) {
    if (message instanceof SystemMessage.Init init) {
      if (!startModeRecorded) {
        startModeRecorded = true;
        decisions.modeAtStart(spec.requestedPermissionMode(), modeAskedAtLaunch);
      }
      adoptReported(init.model(), init.permissionMode());
      unrequestedMode(process, init.permissionMode(), true);
    } else if (message instanceof SystemMessage.Status status) {
      adoptReported(null, status.permissionMode());
      unrequestedMode(process, status.permissionMode(), false);
    }
  }

  private void adoptReported(String model, String mode) {
    if (model != null && !model.isBlank() && !model.startsWith("<")) {
      spec = spec.withModel(model);
    }
    // Only a mode milk-tui itself would choose is passed on: never bypassPermissions or another
    // mode claude took from elsewhere (its settings), which a relaunch must not make milk-tui's.
    if (mode != null && PermissionModes.chosen(mode)) {
      if (!mode.equals(spec.requestedPermissionMode())) {
        decisions.modeAdopted(mode);
      }
      spec = spec.withPermissionMode(mode);
    }
  }

  /**
   * claude runs in a mode milk-tui did not ask for (a CLI that starts in {@code auto}, a mode set
   * from elsewhere): the user is told in words, and the mode asked for is set again.
   */
  private void unrequestedMode(ClaudeProcess process, String reported, boolean atStart) {
    String asked = spec.requestedPermissionMode();
    if (reported == null || reported.equals(asked) || PermissionModes.chosen(reported)) {
      return;
    }
    decisions.modeReported(reported, asked);
    emit(
        new SessionEvent.PermissionModeUnrequested(
            reported, PermissionModes.meaning(reported), asked, atStart));
    transport.setPermissionMode(process, "milk-mode-" + ++hostRequests, asked);
  }

  /** milk-tui's own allowances in force now: the baseline, the rules it passed, the mode. */
  private WhyItRan whyItRan() {
    return new WhyItRan(
        spec.baseline() ? spec.baselineTools() : List.of(),
        spec.allowedTools(),
        spec.requestedPermissionMode());
  }

  /** An id that could not be resumed safely (e.g. one like a flag) is not kept. */
  private void adoptSessionId(String id) {
    if (id.equals(sessionId)) {
      return;
    }
    try {
      LaunchSpec.requireSafeSessionId(id);
      sessionId = id;
    } catch (IllegalArgumentException e) {
      Logger.warn("ignoring unsafe session id from claude: {}", id);
    }
  }

  private void onInputFailed(InputFailed failed) {
    if (livingProcess() == null || livingProcess() != failed.process()) {
      return;
    }
    emit(
        notice(
            SessionEvent.Level.ERROR,
            "claude stopped reading its input ("
                + failed.reason()
                + ")"
                + (turns.anyUnanswered() ? "; your message did not reach it" : "")
                + ". It is being stopped."));
    retire(failed.process(), false);
  }

  private void onThreadCrashed(ThreadCrashed crashed) {
    emit(
        notice(
            SessionEvent.Level.ERROR,
            "Internal error while talking to claude: " + crashed.error() + "."));
    if ((livingProcess() != null || state instanceof Retiring)
        && state.process() == crashed.process()) {
      // Nothing may be draining its pipes any more: it would wait forever.
      retire(crashed.process(), false);
    }
  }

  private void onExited(Exited exited) {
    if (state.process() != exited.process()) {
      Logger.warn("exit of claude process that is no longer the session's: {}", exited);
      return;
    }
    router.abandonAll("claude exited before the request was answered");
    router.accumulator().processEnded();
    contextRequests.clear();
    totals.processEnded();
    taskReportDue = false;
    if (tasks.clear()) {
      emit(new SessionEvent.TasksChanged(List.of()));
    }
    if (state instanceof Closed) {
      turns.processEnded();
      emit(new SessionEvent.ProcessExited(exited.code(), exited.stderrTail(), true));
      to(new Closed(null));
      return;
    }
    if (state instanceof Running running && running.unknownSession()
        || resumedUnknownSession(exited)) {
      recoverUnknownSession();
      emit(new SessionEvent.ProcessExited(exited.code(), exited.stderrTail(), true));
      to(new Idle());
      drain();
      return;
    }
    boolean cutTurn = turns.active();
    boolean expected =
        state instanceof Retiring retiring
            ? retiring.expected()
            : transport.endsAfterTurn() && !cutTurn;
    if (cutTurn && !expected) {
      emit(
          notice(
              SessionEvent.Level.ERROR,
              "claude exited with code " + exited.code() + " before the turn finished."));
      router.accumulator().resetTurn();
    }
    turns.processEnded();
    emit(new SessionEvent.ProcessExited(exited.code(), exited.stderrTail(), expected));
    if (!expected && !waiting.isEmpty()) {
      // A claude that just failed is not started again behind the user's back: they choose
      // (resume, new session, or send again; the text is in the message history).
      emit(
          notice(
              SessionEvent.Level.WARNING,
              waiting.size() + " message(s) did not reach claude and were not sent."));
      waiting.clear();
    }
    to(new Idle());
    drain();
  }

  /**
   * claude also names an unknown session on stderr. That is what tells it when claude exited before
   * we read its result, as when it stopped reading first and a write failed.
   */
  private boolean resumedUnknownSession(Exited exited) {
    return state instanceof Retiring retiring
        && !retiring.expected()
        && exited.stderrTail() != null
        && exited.stderrTail().contains(UNKNOWN_SESSION);
  }

  private void recoverUnknownSession() {
    emit(
        notice(
            SessionEvent.Level.WARNING,
            "Session "
                + sessionId
                + " no longer exists (no conversation found); starting a fresh session."));
    sessionId = null;
    spec = spec.withResume(null);
    Deque<String> resend = new ArrayDeque<>(turns.processEnded());
    resend.addAll(waiting);
    waiting.clear();
    waiting.addAll(resend);
  }

  /** Ends {@code process} on an effects thread: gently when expected, at once when broken. */
  private void retire(ClaudeProcess process, boolean expected) {
    to(new Retiring(process, expected));
    effects.execute(expected ? () -> process.stop(STOP_GRACE_MILLIS) : process::kill);
  }

  /** Starts a process; true when that delivered {@code turn}. On failure the session is idle. */
  private boolean launch(Optional<Outgoing> turn) {
    LaunchSpec launch = spec.withResume(sessionId);
    try {
      ProcessTransport.Launched launched = transport.launch(launch, turn, Forwarder::new);
      to(new Running(launched.process()));
      return launched.deliveredTurn();
    } catch (IOException | RuntimeException e) {
      Logger.error(e, "could not start claude");
      String reason = e.getMessage() == null ? e.toString() : e.getMessage();
      emit(
          notice(
              SessionEvent.Level.ERROR,
              "Could not start claude ("
                  + launch.claude()
                  + "): "
                  + reason
                  + ". Install it (scripts/install-claude) or point --claude at it."));
      emit(new SessionEvent.ProcessExited(127, reason, false));
      turns.processEnded();
      waiting.clear();
      return false;
    }
  }

  private void to(SessionState next) {
    Logger.debug("session {} -> {}", state, next);
    state = next;
  }

  private void publish() {
    busy = !waiting.isEmpty() || turns.active();
    publishedSessionId = sessionId;
    publishedSpec = spec;
  }

  private void emit(SessionEvent event) {
    outbox.add(event);
  }

  /** Hands the events of one message to the listener; a failing listener is logged. */
  private void deliver() {
    // By index and without a copy: this runs once per line claude prints. Only the actor adds to
    // the outbox, and the listener cannot reach it.
    for (int i = 0; i < outbox.size(); i++) {
      SessionEvent event = outbox.get(i);
      try {
        listener.accept(event);
      } catch (RuntimeException e) {
        Logger.error(e, "session listener failed on {}", event);
      }
    }
    outbox.clear();
  }

  private static boolean isUnknownSession(ResultMessage result) {
    return result.isError() && result.errors().stream().anyMatch(e -> e.contains(UNKNOWN_SESSION));
  }

  private static SessionEvent.Notice notice(SessionEvent.Level level, String text) {
    return new SessionEvent.Notice(level, text);
  }

  private static Thread daemon(String name, Runnable body) {
    Thread thread = new Thread(body, name);
    thread.setDaemon(true);
    return thread;
  }

  private static String describe(GrantDecision decision) {
    StringBuilder text = new StringBuilder();
    if (!decision.rules().isEmpty()) {
      text.append(String.join(", ", decision.rules()));
    }
    if (!decision.directories().isEmpty()) {
      if (text.length() > 0) {
        text.append(" and ");
      }
      text.append("access to ").append(decision.directories());
    }
    text.append(decision.persist() ? " (saved in Claude's settings)" : " (this session only)");
    return text.toString();
  }

  /**
   * What the engine answers one process's requests with: made once per process rather than for
   * every line it prints.
   */
  private final class ProcessRoutes {
    private final ClaudeProcess process;
    private final Function<String, PermissionRequest.Channel> channelFor;
    private final Consumer<String> unsupported;

    ProcessRoutes(ClaudeProcess process) {
      this.process = process;
      this.channelFor =
          requestId ->
              (request, line) -> {
                post(new Answer(process, request, line));
                return true;
              };
      this.unsupported = process::write;
    }
  }

  /** Turns one process's reports (from its threads) into messages for the actor. */
  private final class Forwarder implements ProcessListener {
    private final ClaudeProcess process;

    Forwarder(ClaudeProcess process) {
      this.process = process;
    }

    @Override
    public void message(CliMessage message) {
      post(new Line(process, message, linesInFlight.enter()));
    }

    @Override
    public void malformed(MalformedLine line) {
      post(new Malformed(line, linesInFlight.enter()));
    }

    @Override
    public void rawLine(byte[] bytes, int offset, int length) {
      recorder.fromClaude(bytes, offset, length);
    }

    @Override
    public void end(IOException failure) {
      if (failure != null) {
        Logger.warn(failure, "reading claude's output failed");
        post(new ThreadCrashed(process, failure));
      }
    }

    @Override
    public void stderrLine(String line) {
      recorder.stderr(line);
      if (UNTRUSTED.test(line)) {
        post(
            new Emit(
                new SessionEvent.WorkspaceUntrusted(
                    publishedSpec.workingDirectory().toAbsolutePath().toString(), line)));
      }
    }

    @Override
    public void wrote(String line) {
      recorder.toClaude(line);
    }

    @Override
    public void inputFailed(IOException failure) {
      post(new InputFailed(process, String.valueOf(failure.getMessage())));
    }

    @Override
    public void crashed(Throwable error) {
      post(new ThreadCrashed(process, error));
    }

    @Override
    public void exited(int exitCode, String stderrTail) {
      post(new Exited(process, exitCode, stderrTail));
    }
  }
}
