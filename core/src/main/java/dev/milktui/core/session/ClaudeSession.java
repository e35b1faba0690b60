package dev.milktui.core.session;

import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.UntrustedWorkspaceDetector;
import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.protocol.HostMessages;
import dev.milktui.core.protocol.MalformedLine;
import dev.milktui.core.protocol.ResultMessage;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.tinylog.Logger;

/**
 * A Claude conversation run by the real CLI. With {@link Transport#STREAM} one process serves every
 * turn; a new one, resumed from the same session id, replaces it when grants change, when the
 * permission channel died ("Stream closed") or when it exited. With {@link Transport#ONE_SHOT} each
 * turn is its own process. All state is guarded by one lock, under which events are emitted, so the
 * listener sees them in order.
 */
public final class ClaudeSession implements Session {
  static final String UNKNOWN_SESSION = "No conversation found with session ID";
  private static final long STOP_GRACE_MILLIS = 3_000;
  private static final UntrustedWorkspaceDetector UNTRUSTED = new UntrustedWorkspaceDetector();

  private final Object lock = new Object();
  private final Consumer<SessionEvent> listener;
  private final GrantPersister persister;
  private final SessionRecorder recorder;
  private final SessionEngine router;
  private final AtomicInteger hostRequests = new AtomicInteger();

  private LaunchSpec spec;
  private ClaudeProcess current;
  private final Set<Integer> retired = new HashSet<>();
  private Runnable afterRetire;
  private final Deque<String> waiting = new ArrayDeque<>();
  private final Deque<String> inFlight = new ArrayDeque<>();
  private boolean channelDead;
  private boolean unknownSession;
  private String sessionId;
  private boolean closed;

  public ClaudeSession(
      LaunchSpec spec,
      Consumer<SessionEvent> listener,
      GrantPersister persister,
      SessionRecorder recorder) {
    this.spec = spec;
    this.listener = listener;
    this.persister = persister;
    this.recorder = recorder;
    this.router = new SessionEngine(this::observe);
    this.sessionId = spec.resumeSessionId().orElse(null);
  }

  /** Starts the long-lived process now (stream transport), so a missing binary shows at once. */
  public void start() {
    synchronized (lock) {
      if (spec.transport() == Transport.STREAM && current == null && !closed) {
        current = launch(Optional.empty());
      }
    }
  }

  @Override
  public void send(String text) {
    synchronized (lock) {
      if (closed) {
        return;
      }
      emit(new SessionEvent.UserPrompt(text, false));
      submit(text);
    }
  }

  @Override
  public void interrupt() {
    synchronized (lock) {
      if (current == null || !current.isAlive() || inFlight.isEmpty()) {
        return;
      }
      if (spec.transport() == Transport.STREAM) {
        write(current, HostMessages.interrupt("milk-interrupt-" + hostRequests.incrementAndGet()));
      } else {
        // A one-shot child has no stdin to hear an interrupt; stopping it is all there is.
        emit(notice(SessionEvent.Level.WARNING, "The one-shot turn was stopped."));
        retired.add(current.id());
        waiting.clear();
        current.kill();
      }
    }
  }

  @Override
  public void setPermissionMode(String mode) {
    synchronized (lock) {
      spec = spec.withPermissionMode(mode);
      if (current != null && current.isAlive() && spec.transport() == Transport.STREAM) {
        write(
            current,
            HostMessages.setPermissionMode("milk-mode-" + hostRequests.incrementAndGet(), mode));
      }
    }
  }

  @Override
  public void resumeWithGrants(GrantDecision decision) throws GrantException {
    if (decision.persist() && decision.grantsSomething()) {
      persister.persist(decision);
    }
    synchronized (lock) {
      if (closed) {
        return;
      }
      spec = spec.withGrants(decision.rules(), decision.directories());
      channelDead = false;
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
      retireCurrentThen(() -> submit(retry));
    }
  }

  @Override
  public Optional<String> sessionId() {
    synchronized (lock) {
      return Optional.ofNullable(sessionId);
    }
  }

  @Override
  public boolean busy() {
    synchronized (lock) {
      return !inFlight.isEmpty() || !waiting.isEmpty();
    }
  }

  /** The launch spec the next process will use (grants and mode included). */
  public LaunchSpec launchSpec() {
    synchronized (lock) {
      return spec;
    }
  }

  @Override
  public void close() {
    ClaudeProcess toStop;
    synchronized (lock) {
      if (closed) {
        return;
      }
      closed = true;
      waiting.clear();
      router.abandonAll("the session was closed");
      toStop = current;
      if (toStop != null) {
        retired.add(toStop.id());
      }
    }
    if (toStop != null) {
      toStop.stop(STOP_GRACE_MILLIS);
    }
    recorder.close();
  }

  private void submit(String text) {
    if (spec.transport() == Transport.ONE_SHOT) {
      if (inFlight.isEmpty() && (current == null || !current.isAlive())) {
        inFlight.add(text);
        current = launch(Optional.of(text));
      } else {
        waiting.add(text);
      }
      return;
    }
    if (afterRetire != null) {
      waiting.add(text);
      return;
    }
    if (current == null || !current.isAlive() || channelDead) {
      if (current != null && current.isAlive()) {
        // The permission channel of this process is dead: a fresh, resumed one takes over.
        retireCurrentThen(() -> submit(text));
        return;
      }
      current = launch(Optional.empty());
      channelDead = false;
      if (current == null) {
        return;
      }
    }
    inFlight.add(text);
    write(current, HostMessages.userMessage(text));
  }

  /** Runs {@code next} once the current process has exited (at once when there is none). */
  private void retireCurrentThen(Runnable next) {
    if (current == null || !current.isAlive()) {
      current = null;
      next.run();
      return;
    }
    ClaudeProcess old = current;
    retired.add(old.id());
    afterRetire = next;
    old.closeStdin();
  }

  private ClaudeProcess launch(Optional<String> prompt) {
    LaunchSpec launch = sessionId == null ? spec.withResume(null) : spec.withResume(sessionId);
    try {
      final ClaudeProcess[] self = new ClaudeProcess[1];
      ProcessListener processListener = new SessionProcessListener(() -> self[0]);
      self[0] =
          ClaudeProcess.start(
              launch.command(prompt),
              launch,
              launch.transport() == Transport.STREAM,
              processListener,
              this::threadCrashed);
      unknownSession = false;
      return self[0];
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
      inFlight.clear();
      waiting.clear();
      return null;
    }
  }

  private void write(ClaudeProcess process, String line) {
    if (process.write(line)) {
      recorder.toClaude(line);
    } else {
      emit(notice(SessionEvent.Level.WARNING, "claude's input is closed; the line was not sent."));
    }
  }

  private void onMessage(ClaudeProcess process, CliMessage message) {
    if (message.sessionId() != null && !message.sessionId().isEmpty()) {
      adoptSessionId(message.sessionId());
    }
    if (message instanceof ResultMessage result && isUnknownSession(result)) {
      // The stored session is gone; the messages sent to this process are sent again, fresh.
      unknownSession = true;
      return;
    }
    router.route(
        message,
        requestId -> (request, line) -> answer(process, request, line),
        line -> write(process, line));
    if (message instanceof ResultMessage) {
      inFlight.pollFirst();
    }
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

  private boolean answer(ClaudeProcess process, PermissionRequest request, String line) {
    synchronized (lock) {
      if (!router.close(request.requestId()) || process != current || !process.isAlive()) {
        return false;
      }
      write(process, line);
      return true;
    }
  }

  private void onExit(ClaudeProcess process, int code, String stderrTail) {
    boolean expected = closed || retired.remove(process.id());
    if (process == current) {
      current = null;
    }
    router.abandonAll("claude exited before the request was answered");
    if (unknownSession) {
      recoverUnknownSession();
      emit(new SessionEvent.ProcessExited(code, stderrTail, true));
      return;
    }
    boolean cutTurn = !inFlight.isEmpty();
    if (cutTurn && !expected) {
      emit(
          notice(
              SessionEvent.Level.ERROR,
              "claude exited with code " + code + " before the turn finished."));
      router.accumulator().resetTurn();
    }
    boolean oneShotDone = spec.transport() == Transport.ONE_SHOT && !cutTurn;
    inFlight.clear();
    emit(new SessionEvent.ProcessExited(code, stderrTail, expected || oneShotDone));
    Runnable next = afterRetire;
    afterRetire = null;
    if (closed) {
      return;
    }
    if (next != null) {
      next.run();
    }
    while (!waiting.isEmpty() && (current == null || spec.transport() == Transport.STREAM)) {
      String text = waiting.pollFirst();
      submit(text);
      if (spec.transport() == Transport.ONE_SHOT) {
        break;
      }
    }
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
    Deque<String> resend = new ArrayDeque<>(inFlight);
    resend.addAll(waiting);
    inFlight.clear();
    waiting.clear();
    unknownSession = false;
    afterRetire = null;
    for (String text : resend) {
      submit(text);
    }
  }

  private static boolean isUnknownSession(ResultMessage result) {
    return result.isError() && result.errors().stream().anyMatch(e -> e.contains(UNKNOWN_SESSION));
  }

  private void threadCrashed(Throwable error) {
    synchronized (lock) {
      emit(notice(SessionEvent.Level.ERROR, "Internal error while talking to claude: " + error));
    }
  }

  private void emit(SessionEvent event) {
    router.emit(event);
  }

  /** Sees every event on its way to the listener (called by the engine, under its lock). */
  private void observe(SessionEvent event) {
    if (event instanceof SessionEvent.TurnFinished finished
        && !finished.summary().streamClosed().isEmpty()) {
      // This process can no longer ask for permissions; the next turn needs a fresh one.
      channelDead = true;
    }
    listener.accept(event);
  }

  private static SessionEvent.Notice notice(SessionEvent.Level level, String text) {
    return new SessionEvent.Notice(level, text);
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

  /** Forwards one process's threads into the session, under its lock. */
  private final class SessionProcessListener implements ProcessListener {
    private final java.util.function.Supplier<ClaudeProcess> process;

    SessionProcessListener(java.util.function.Supplier<ClaudeProcess> process) {
      this.process = process;
    }

    @Override
    public void message(CliMessage message) {
      synchronized (lock) {
        onMessage(process.get(), message);
      }
    }

    @Override
    public void malformed(MalformedLine line) {
      synchronized (lock) {
        router.malformed(line);
      }
    }

    @Override
    public void rawLine(byte[] bytes, int offset, int length) {
      recorder.fromClaude(bytes, offset, length);
    }

    @Override
    public void end(IOException failure) {
      if (failure != null) {
        Logger.warn(failure, "reading claude's output failed");
      }
    }

    @Override
    public void stderrLine(String line) {
      recorder.stderr(line);
      if (UNTRUSTED.test(line)) {
        synchronized (lock) {
          emit(
              new SessionEvent.WorkspaceUntrusted(
                  spec.workingDirectory().toAbsolutePath().toString(), line));
        }
      }
    }

    @Override
    public void exited(int exitCode, String stderrTail) {
      synchronized (lock) {
        onExit(process.get(), exitCode, stderrTail);
      }
    }
  }
}
