package dev.milktui.core.session;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.GrantPersister;
import dev.milktui.core.testkit.Recordings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Restarts a session again and again against a stand-in claude that leaves a process behind holding
 * its stdout (as a tool or server can), and counts what each restart left: for the leak test and
 * the restart benchmark.
 */
final class Restarts {
  /** What is alive after a restart: processes, the session's own threads, and all threads. */
  record Counts(long processes, long sessionThreads, long allThreads) {}

  private static final long SETTLE_SECONDS = 15;

  private final Path dir;
  private final FakeClaude fake;

  /**
   * Children this JVM already had (other tests' in a shared test JVM): not this benchmark's to
   * count.
   */
  private final Set<Long> earlierChildren =
      ProcessHandle.current().descendants().map(ProcessHandle::pid).collect(Collectors.toSet());

  /** Likewise the threads of sessions other tests left open. */
  private final Set<Thread> earlierThreads = Set.copyOf(Thread.getAllStackTraces().keySet());

  private Optional<String> sessionId = Optional.empty();

  Restarts(Path dir) {
    this.dir = dir;
    String turn = Recordings.ndjson("b-stdin-stream-json").toString();
    this.fake =
        FakeClaude.script(
            dir,
            // The holder's pid with its start time (field 22 of its stat): pids are reused.
            "next_line; sleep 600 & echo \"$! $(cut -d' ' -f22 /proc/$!/stat)\" >>"
                + " \"$LOG/holders\"\n"
                + "cat '"
                + turn
                + "'; while next_line; do cat '"
                + turn
                + "'; done");
  }

  /** One restart as the UI does it: a session resuming the last one, one turn, then close. */
  Counts restartOnce() {
    EventLog events = new EventLog();
    ClaudeSession session =
        new ClaudeSession(
            fake.spec(dir).withResume(sessionId.orElse(null)),
            events,
            GrantPersister.REFUSE,
            SessionRecorder.NONE);
    session.start();
    session.send("hello");
    events.await(SessionEvent.TurnFinished.class);
    sessionId = session.sessionId();
    session.close();
    events.await(SessionEvent.ProcessExited.class);
    settle();
    return counts();
  }

  int runs() {
    return fake.runs().size();
  }

  /** Waits (bounded) for the threads and processes of closed sessions to end. */
  private void settle() {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(SETTLE_SECONDS);
    while (System.nanoTime() < deadline) {
      Counts now = counts();
      if (now.processes() == 0 && now.sessionThreads() == 0) {
        return;
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  Counts counts() {
    // A process left behind is re-parented when claude exits, so the ones the script started
    // are counted by pid as well as this JVM's descendants.
    long holders = holders().stream().filter(Holder::alive).count();
    long descendants =
        ProcessHandle.current()
            .descendants()
            .filter(ProcessHandle::isAlive)
            .filter(h -> !earlierChildren.contains(h.pid()))
            .count();
    long sessionThreads =
        Thread.getAllStackTraces().keySet().stream()
            .filter(Thread::isAlive)
            .filter(t -> !earlierThreads.contains(t))
            .map(Thread::getName)
            .filter(n -> n.startsWith("claude-") || n.startsWith("milk-session-"))
            .count();
    long allThreads = Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).count();
    return new Counts(holders + descendants, sessionThreads, allThreads);
  }

  private List<Holder> holders() {
    Path file = fake.log.resolve("holders");
    if (!Files.exists(file)) {
      return List.of();
    }
    try {
      return Files.readAllLines(file).stream()
          .map(String::strip)
          .filter(s -> !s.isEmpty())
          .map(Holder::parse)
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A process the stand-in left behind: its pid and the start time it had, so a pid the system gave
   * to another process since (pids wrap at 32768 on many machines) is not taken for it.
   */
  private record Holder(long pid, String startTime) {
    static Holder parse(String line) {
      String[] parts = line.split(" ");
      if (parts.length != 2) {
        throw new IllegalStateException("a holder line without its start time: " + line);
      }
      return new Holder(Long.parseLong(parts[0]), parts[1]);
    }

    /**
     * Alive and not a descendant (counted there already). One ended but not yet reaped by its new
     * parent (a zombie) is not alive: it holds no pipe and no memory.
     */
    boolean alive() {
      return stat()
              .filter(fields -> !fields[0].startsWith("Z") && fields[19].equals(startTime))
              .isPresent()
          && ProcessHandle.current().descendants().noneMatch(d -> d.pid() == pid);
    }

    /** The fields of /proc/PID/stat after the command's name, from the state on; empty if gone. */
    private Optional<String[]> stat() {
      try {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return fields.length > 19 ? Optional.of(fields) : Optional.empty();
      } catch (IOException | RuntimeException e) {
        return Optional.empty();
      }
    }
  }
}
