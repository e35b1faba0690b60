package dev.milktui.app.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Wall time from launching {@code milk-tui --demo} as a process to its first drawn frame, median of
 * several runs, with the JVM options the launcher may use. The process runs in tmux, a real
 * terminal emulator that answers the terminal's queries; the clock stops when the frame's text is
 * on tmux's screen (polled every few milliseconds, so figures are a few ms high).
 *
 * <p>Usage: {@code StartupBenchmark <jar> [runs]}
 */
public final class StartupBenchmark {
  private static final String FIRST_FRAME_TEXT = "Transcript";
  private static final long TARGET_MS = 450;
  private final String socket = "milk-bench-" + ProcessHandle.current().pid();
  private final Path home;
  private final Path jar;

  private StartupBenchmark(Path jar, Path home) {
    this.jar = jar;
    this.home = home;
  }

  public static void main(String[] args) throws Exception {
    Path jar = Path.of(args[0]).toAbsolutePath();
    int runs = args.length > 1 ? Integer.parseInt(args[1]) : 7;
    StartupBenchmark bench = new StartupBenchmark(jar, Files.createTempDirectory("milk-bench"));
    bench.tmux("new-session", "-d", "-s", "base", "-x", "120", "-y", "40", "sleep 3600");
    try {
      Path archive = bench.home.resolve("milk-tui.jsa");
      bench.firstFrame("-XX:ArchiveClassesAtExit=" + archive);
      report("startup.first_frame_ms", bench.median(runs, ""));
      report(
          "startup.first_frame_ms_with_cds",
          bench.median(runs, "-XX:SharedArchiveFile=" + archive));
      report(
          "startup.first_frame_ms_with_cds_c1",
          bench.median(runs, "-XX:SharedArchiveFile=" + archive + " -XX:TieredStopAtLevel=1"));
    } finally {
      bench.tmux("kill-server");
    }
  }

  private static void report(String name, long millis) {
    System.out.printf(
        "%s=%d (target < %d) %s%n", name, millis, TARGET_MS, millis < TARGET_MS ? "PASS" : "MISS");
  }

  private long median(int runs, String jvmOptions) throws Exception {
    firstFrame(jvmOptions);
    List<Long> times = new ArrayList<>();
    for (int i = 0; i < runs; i++) {
      times.add(firstFrame(jvmOptions));
    }
    Collections.sort(times);
    System.out.println("  [" + jvmOptions + "] runs (ms): " + times);
    return times.get(times.size() / 2);
  }

  /** Milliseconds from starting the process to the first frame's text on the screen. */
  private long firstFrame(String jvmOptions) throws Exception {
    String command = "HOME='" + home + "' exec java " + jvmOptions + " -jar '" + jar + "' --demo";
    long start = System.nanoTime();
    tmux("new-window", "-t", "base", command);
    try {
      long deadline = start + TimeUnit.SECONDS.toNanos(30);
      while (!tmux("capture-pane", "-p", "-t", "base").contains(FIRST_FRAME_TEXT)) {
        if (System.nanoTime() > deadline) {
          throw new IOException("no first frame within 30 s");
        }
        Thread.sleep(2);
      }
      return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    } finally {
      tmux("send-keys", "-t", "base", "C-c", "C-c");
      Thread.sleep(800);
      tmux("kill-window", "-t", "base:1");
    }
  }

  private String tmux(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("tmux", "-L", socket));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    process.waitFor();
    return out;
  }
}
