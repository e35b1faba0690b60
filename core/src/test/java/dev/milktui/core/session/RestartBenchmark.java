package dev.milktui.core.session;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The restart benchmark ({@code scripts/bench restart}): 20 restarts against a stand-in claude that
 * leaves a process holding its stdout; prints the processes and threads alive after each, and
 * whether the counts after the 20th equal those after the first. Measured, never asserted.
 */
public final class RestartBenchmark {
  private static final int RESTARTS = 20;

  private RestartBenchmark() {}

  public static void main(String[] args) throws Exception {
    Path dir = Files.createTempDirectory("milk-restart-bench");
    try {
      Restarts restarts = new Restarts(dir);
      Restarts.Counts before = restarts.counts();
      System.out.println(
          "restart.before processes=" + before.processes() + " threads=" + before.allThreads());
      Restarts.Counts first = null;
      Restarts.Counts last = null;
      for (int i = 1; i <= RESTARTS; i++) {
        last = restarts.restartOnce();
        if (first == null) {
          first = last;
        }
        System.out.println(
            "restart."
                + i
                + " processes="
                + last.processes()
                + " session_threads="
                + last.sessionThreads()
                + " threads="
                + last.allThreads());
      }
      figure("restart.processes", first.processes(), last.processes());
      figure("restart.session_threads", first.sessionThreads(), last.sessionThreads());
      figure("restart.threads", first.allThreads(), last.allThreads());
    } finally {
      try (Stream<Path> files = Files.walk(dir)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  private static void figure(String name, long afterFirst, long afterLast) {
    System.out.println(name + "_after_1=" + afterFirst);
    System.out.println(
        name
            + "_after_"
            + RESTARTS
            + "="
            + afterLast
            + " (target = "
            + afterFirst
            + ") "
            + (afterLast == afterFirst ? "PASS" : "MISS"));
  }
}
