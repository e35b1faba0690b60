package dev.milktui.core.session;

import dev.milktui.core.protocol.NdjsonReader;
import dev.milktui.core.text.LogText;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.tinylog.Logger;

/**
 * One running claude child. Three named threads keep it moving and none ever waits for a user:
 * stdout is read and parsed continuously (a full pipe would stall the child), stderr is drained
 * into a tail, and stdin is written from a queue. A fourth reports the exit after stdout is done.
 */
final class ClaudeProcess {
  private static final AtomicInteger SEQUENCE = new AtomicInteger();
  private static final String END_OF_INPUT = new String("<end of input>");

  private final int id = SEQUENCE.incrementAndGet();
  private final Process process;
  private final ProcessListener listener;
  private final StderrTail stderrTail = new StderrTail();
  private final BlockingQueue<String> stdin = new LinkedBlockingQueue<>();
  private final boolean stdinOpen;
  private volatile boolean stdinClosed;

  private ClaudeProcess(Process process, boolean stdinOpen, ProcessListener listener) {
    this.process = process;
    this.stdinOpen = stdinOpen;
    this.listener = listener;
  }

  /**
   * Starts the child. With {@code keepStdinOpen} false stdin is {@code /dev/null} (one-shot);
   * otherwise it is a pipe (never a TTY: the CLI would start its own interactive UI).
   */
  static ClaudeProcess start(
      List<String> command,
      LaunchSpec spec,
      boolean keepStdinOpen,
      ProcessListener listener,
      Consumer<Throwable> onThreadCrash)
      throws IOException {
    ProcessBuilder builder =
        new ProcessBuilder(command).directory(spec.workingDirectory().toFile());
    builder.environment().clear();
    builder.environment().putAll(spec.childEnvironment());
    if (!keepStdinOpen) {
      builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    }
    Process process = builder.start();
    ClaudeProcess child = new ClaudeProcess(process, keepStdinOpen, listener);
    child.startThreads(onThreadCrash);
    Logger.info(
        "claude process {} started (pid {}): {}", child.id, process.pid(), LogText.argv(command));
    return child;
  }

  int id() {
    return id;
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

  /** Closes stdin, waits up to {@code grace}, then terminates, then kills. */
  void stop(long graceMillis) {
    closeStdin();
    List<ProcessHandle> tree = List.of();
    try {
      if (!process.waitFor(graceMillis, TimeUnit.MILLISECONDS)) {
        // Its children (tools, servers) go too: one holding stdout would keep the reader
        // thread, and with it this process's report, alive after the session closed.
        tree = descendants();
        process.destroy();
        tree.forEach(ProcessHandle::destroy);
        if (!process.waitFor(2, TimeUnit.SECONDS)) {
          process.destroyForcibly();
        }
        tree.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      tree.forEach(ProcessHandle::destroyForcibly);
      Thread.currentThread().interrupt();
    }
  }

  /** Ends the child and its children at once (losing the turn in progress). */
  void kill() {
    List<ProcessHandle> tree = descendants();
    process.destroyForcibly();
    tree.forEach(ProcessHandle::destroyForcibly);
  }

  private List<ProcessHandle> descendants() {
    try {
      return process.descendants().toList();
    } catch (UnsupportedOperationException | SecurityException e) {
      return List.of();
    }
  }

  private void startThreads(Consumer<Throwable> onThreadCrash) {
    Thread.UncaughtExceptionHandler crash =
        (thread, error) -> {
          Logger.error(error, "thread {} died", thread.getName());
          onThreadCrash.accept(error);
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
      }
    } catch (IOException e) {
      // The child exited or closed its end; the exit watcher reports what matters.
      Logger.debug(e, "stdin of claude {} closed", id);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      stdinClosed = true;
    }
  }

  private void awaitExit(Thread stdoutReader, Thread stderrReader) {
    int code;
    try {
      code = process.waitFor();
      // Every stdout line is delivered before the exit, and the stderr tail reported with it
      // holds the last lines (often the reason); a grandchild holding a pipe open must not hold
      // the report back forever.
      stdoutReader.join(TimeUnit.SECONDS.toMillis(5));
      stderrReader.join(TimeUnit.SECONDS.toMillis(2));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    }
    if (stdinOpen && !stdinClosed) {
      stdinClosed = true;
      stdin.add(END_OF_INPUT);
    }
    Logger.info("claude process {} exited with {}", id, code);
    listener.exited(code, stderrTail.text());
  }

  private static Thread daemon(String name, Runnable body, Thread.UncaughtExceptionHandler crash) {
    Thread thread = new Thread(body, name);
    thread.setDaemon(true);
    thread.setUncaughtExceptionHandler(crash);
    thread.start();
    return thread;
  }
}
