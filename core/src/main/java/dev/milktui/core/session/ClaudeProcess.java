package dev.milktui.core.session;

import dev.milktui.core.protocol.NdjsonReader;
import dev.milktui.core.text.LogText;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.tinylog.Logger;

/**
 * One running claude child. Three named threads keep it moving and none ever waits for a user:
 * stdout is read and parsed continuously (a full pipe would stall the child), stderr is drained
 * into a tail, and stdin is written from a queue. A fourth watches the child, keeps a list of its
 * descendants while it lives (so the ones it leaves behind can still be found) and reports the exit
 * after stdout is done. Ending the child always ends those descendants too, and so does the JVM's
 * exit for every child still alive then.
 */
final class ClaudeProcess {
  private static final AtomicInteger SEQUENCE = new AtomicInteger();
  private static final String END_OF_INPUT = new String("<end of input>");
  private static final long KILL_GRACE_MILLIS = 2_000;
  private static final long SHUTDOWN_GRACE_MILLIS = 2_000;
  private static final Set<ClaudeProcess> LIVE = ConcurrentHashMap.newKeySet();

  static {
    Thread hook = new Thread(ClaudeProcess::endAllAtExit, "claude-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
  }

  private final int id = SEQUENCE.incrementAndGet();
  private final Process process;
  private final ProcessListener listener;
  private final StderrTail stderrTail = new StderrTail();
  private final BlockingQueue<String> stdin = new LinkedBlockingQueue<>();
  private final boolean stdinOpen;
  private volatile boolean stdinClosed;
  private volatile List<ProcessHandle> knownDescendants = List.of();

  private ClaudeProcess(
      Process process, boolean stdinOpen, Function<ClaudeProcess, ProcessListener> listenerFor) {
    this.process = process;
    this.stdinOpen = stdinOpen;
    this.listener = listenerFor.apply(this);
  }

  /**
   * Starts the child. With {@code keepStdinOpen} false stdin is {@code /dev/null} (one-shot);
   * otherwise it is a pipe (never a TTY: the CLI would start its own interactive UI).
   */
  static ClaudeProcess start(
      List<String> command,
      LaunchSpec spec,
      boolean keepStdinOpen,
      Function<ClaudeProcess, ProcessListener> listenerFor)
      throws IOException {
    ProcessBuilder builder =
        new ProcessBuilder(command).directory(spec.workingDirectory().toFile());
    builder.environment().clear();
    builder.environment().putAll(spec.childEnvironment());
    if (!keepStdinOpen) {
      builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    }
    Process process = builder.start();
    ClaudeProcess child = new ClaudeProcess(process, keepStdinOpen, listenerFor);
    LIVE.add(child);
    child.startThreads();
    Logger.info(
        "claude process {} started (pid {}): {}", child.id, process.pid(), LogText.argv(command));
    return child;
  }

  @Override
  public String toString() {
    return "claude-" + id + " (pid " + process.pid() + ")";
  }

  long pid() {
    return process.pid();
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** Queues one line for stdin; false when stdin is already closed or was never open. */
  boolean write(String line) {
    if (!stdinOpen || stdinClosed) {
      return false;
    }
    stdin.add(line);
    return true;
  }

  /** Closes stdin after the queued lines; the CLI finishes queued work, then exits. */
  void closeStdin() {
    if (stdinOpen && !stdinClosed) {
      stdinClosed = true;
      stdin.add(END_OF_INPUT);
    }
  }

  /**
   * Closes stdin, waits up to {@code grace}, then terminates, then kills; its descendants end with
   * it on every path. Blocks: callers run it off the session and UI threads.
   */
  void stop(long graceMillis) {
    knownDescendants = union(knownDescendants, descendants());
    closeStdin();
    try {
      if (!process.waitFor(graceMillis, TimeUnit.MILLISECONDS)) {
        knownDescendants = union(knownDescendants, descendants());
        process.toHandle().destroy();
        knownDescendants.forEach(ProcessHandle::destroy);
        if (!process.waitFor(KILL_GRACE_MILLIS, TimeUnit.MILLISECONDS)) {
          process.toHandle().destroyForcibly();
        }
      }
    } catch (InterruptedException e) {
      process.toHandle().destroyForcibly();
      Thread.currentThread().interrupt();
    }
    // A tool or server it started (perhaps holding its stdout) must not outlive the session.
    knownDescendants.stream()
        .filter(ProcessHandle::isAlive)
        .forEach(ProcessHandle::destroyForcibly);
  }

  /**
   * Ends the child and its descendants at once (losing the turn in progress). Signals go through
   * the process handle: {@link Process#destroyForcibly} would also close our ends of its pipes,
   * even after it exited, and cut the stdout and stderr still being drained.
   */
  void kill() {
    knownDescendants = union(knownDescendants, descendants());
    process.toHandle().destroyForcibly();
    knownDescendants.forEach(ProcessHandle::destroyForcibly);
  }

  private List<ProcessHandle> descendants() {
    try {
      return process.descendants().toList();
    } catch (UnsupportedOperationException | SecurityException e) {
      return List.of();
    }
  }

  private static List<ProcessHandle> union(List<ProcessHandle> known, List<ProcessHandle> now) {
    if (now.isEmpty()) {
      return known;
    }
    Set<ProcessHandle> all = new LinkedHashSet<>(known);
    all.removeIf(h -> !h.isAlive());
    all.addAll(now);
    return List.copyOf(all);
  }

  /** The JVM is exiting: every child still alive gets a short grace, then it and its tree end. */
  private static void endAllAtExit() {
    List<ClaudeProcess> live = List.copyOf(LIVE);
    live.forEach(ClaudeProcess::closeStdin);
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SHUTDOWN_GRACE_MILLIS);
    for (ClaudeProcess child : live) {
      try {
        long left = deadline - System.nanoTime();
        if (left > 0) {
          child.process.waitFor(left, TimeUnit.NANOSECONDS);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      child.kill();
    }
  }

  private void startThreads() {
    Thread.UncaughtExceptionHandler crash =
        (thread, error) -> {
          Logger.error(error, "thread {} died", thread.getName());
          listener.crashed(error);
        };
    Thread stdout =
        new NdjsonReader(process.getInputStream(), listener).start("claude-stdout-" + id, crash);
    Thread stderr = daemon("claude-stderr-" + id, this::drainStderr, crash);
    if (stdinOpen) {
      daemon("claude-stdin-" + id, this::writeStdin, crash);
    }
    daemon("claude-exit-" + id, () -> awaitExit(stdout, stderr), crash);
  }

  private void drainStderr() {
    try (InputStream err = process.getErrorStream()) {
      StderrLines.drain(
          err,
          StderrLines.MAX_LINE_BYTES,
          line -> {
            stderrTail.add(line);
            Logger.debug("claude {} stderr: {}", id, line);
            listener.stderrLine(line);
          });
    } catch (IOException e) {
      Logger.debug(e, "stderr of claude {} ended", id);
    }
  }

  private void writeStdin() {
    try (OutputStream out = process.getOutputStream()) {
      while (true) {
        String line = stdin.take();
        if (line == END_OF_INPUT) {
          break;
        }
        out.write(line.getBytes(StandardCharsets.UTF_8));
        out.write('\n');
        out.flush();
        listener.wrote(line);
      }
    } catch (IOException e) {
      stdinClosed = true;
      if (process.isAlive()) {
        Logger.info("claude {} stopped reading its input: {}", id, e.getMessage());
        listener.inputFailed(e);
      } else {
        // It exited (the JVM then closes its stdin): the exit is reported, with its reason.
        Logger.debug("claude {} exited before a write: {}", id, e.getMessage());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      stdinClosed = true;
    }
  }

  private void awaitExit(Thread stdoutReader, Thread stderrReader) {
    int code;
    try {
      // While it lives its descendants are noted: once it is gone they can no longer be found.
      while (!process.waitFor(1, TimeUnit.SECONDS)) {
        knownDescendants = union(knownDescendants, descendants());
      }
      code = process.exitValue();
      // Every stdout line is delivered before the exit, and the stderr tail reported with it
      // holds the last lines (often the reason). A descendant still holding a pipe open ends.
      stdoutReader.join(KILL_GRACE_MILLIS);
      awaitStderrDrained(stderrReader);
      if (stdoutReader.isAlive() || stderrReader.isAlive()) {
        Logger.info("claude {} left processes holding its output; ending them", id);
        knownDescendants.forEach(ProcessHandle::destroyForcibly);
      }
      stdoutReader.join(TimeUnit.SECONDS.toMillis(5));
      stderrReader.join(KILL_GRACE_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    } finally {
      LIVE.remove(this);
    }
    if (stdinOpen && !stdinClosed) {
      stdinClosed = true;
      stdin.add(END_OF_INPUT);
    }
    Logger.info("claude process {} exited with {}", id, code);
    listener.exited(code, stderrTail.text());
  }

  /**
   * Waits for the stderr reader while it still makes progress: a flood written just before the exit
   * may take longer than the grace to drain, and its last lines are usually the reason. It gives up
   * after a grace without a new line (a descendant holding the pipe open).
   */
  private void awaitStderrDrained(Thread stderrReader) throws InterruptedException {
    long seen = -1;
    while (stderrReader.isAlive() && stderrTail.added() != seen) {
      seen = stderrTail.added();
      stderrReader.join(KILL_GRACE_MILLIS);
    }
  }

  private static Thread daemon(String name, Runnable body, Thread.UncaughtExceptionHandler crash) {
    Thread thread = new Thread(body, name);
    thread.setDaemon(true);
    thread.setUncaughtExceptionHandler(crash);
    thread.start();
    return thread;
  }
}
