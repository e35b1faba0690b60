package dev.milktui.app.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Wall time from launching {@code milk-tui --demo} as a process to its first drawn frame: the
 * process runs on a pseudo-terminal ({@code script}) and the clock stops when the frame's text
 * reaches the terminal. Median of several runs, without and with a class-data-sharing archive.
 *
 * <p>Usage: {@code StartupBenchmark <jar> [runs]}
 */
public final class StartupBenchmark {
  private static final String FIRST_FRAME_TEXT = "Transcript";
  private static final long TARGET_MS = 600;

  private StartupBenchmark() {}

  public static void main(String[] args) throws Exception {
    Path jar = Path.of(args[0]);
    int runs = args.length > 1 ? Integer.parseInt(args[1]) : 7;
    Path home = Files.createTempDirectory("milk-bench-home");
    Path archive = home.resolve("milk-tui.jsa");

    List<String> plain = List.of("java", "-jar", jar.toString(), "--demo");
    measure(plain, home, 1);
    long plainMedian = median(plain, home, runs);

    List<String> dump =
        List.of("java", "-XX:ArchiveClassesAtExit=" + archive, "-jar", jar.toString(), "--demo");
    measure(dump, home, 1);
    List<String> shared =
        List.of("java", "-XX:SharedArchiveFile=" + archive, "-jar", jar.toString(), "--demo");
    long sharedMedian = Files.exists(archive) ? median(shared, home, runs) : -1;

    System.out.printf(
        "startup.first_frame_ms=%d (target < %d) %s%n",
        plainMedian, TARGET_MS, plainMedian < TARGET_MS ? "PASS" : "MISS");
    System.out.printf(
        "startup.first_frame_ms_with_cds=%d (target < %d) %s%n",
        sharedMedian, TARGET_MS, sharedMedian >= 0 && sharedMedian < TARGET_MS ? "PASS" : "MISS");
  }

  private static long median(List<String> command, Path home, int runs) throws Exception {
    List<Long> times = new ArrayList<>();
    for (int i = 0; i < runs; i++) {
      times.add(measure(command, home, i));
    }
    Collections.sort(times);
    System.out.println("  " + String.join(" ", command.subList(0, 2)) + " … runs (ms): " + times);
    return times.get(times.size() / 2);
  }

  /** Milliseconds from start to the first frame's text on the terminal. */
  private static long measure(List<String> command, Path home, int run) throws Exception {
    String line = String.join(" ", command.stream().map(StartupBenchmark::quote).toList());
    ProcessBuilder builder =
        new ProcessBuilder("script", "-qfec", "stty cols 120 rows 40; exec " + line, "/dev/null")
            .redirectErrorStream(true);
    builder.environment().put("HOME", home.toString());
    builder.environment().put("TERM", "xterm-256color");
    long start = System.nanoTime();
    Process process = builder.start();
    try {
      waitFor(process.getInputStream(), FIRST_FRAME_TEXT);
      return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    } finally {
      process.getOutputStream().write(new byte[] {3, 3});
      process.getOutputStream().flush();
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
      }
      process.waitFor(5, TimeUnit.SECONDS);
    }
  }

  private static void waitFor(InputStream in, String text) throws IOException {
    StringBuilder seen = new StringBuilder();
    byte[] buffer = new byte[8192];
    int read;
    while ((read = in.read(buffer)) != -1) {
      seen.append(new String(buffer, 0, read, StandardCharsets.UTF_8));
      if (seen.indexOf(text) >= 0) {
        return;
      }
    }
    throw new IOException("the first frame never arrived; output was: " + seen);
  }

  private static String quote(String value) {
    return "'" + value.replace("'", "'\\''") + "'";
  }
}
