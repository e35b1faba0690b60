package dev.milktui.core.bench;

import dev.milktui.core.record.RecordFile;
import dev.milktui.core.replay.ReplayFile;
import dev.milktui.core.replay.ReplayMarkdown;
import dev.milktui.core.scan.ScanJson;
import dev.milktui.core.scan.ScanReport;
import dev.milktui.core.scan.ScanText;
import dev.milktui.core.scan.TranscriptScanner;
import dev.milktui.core.testkit.RecordOf;
import dev.milktui.core.testkit.Recordings;
import java.io.IOException;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code milk-tui scan} of a big session record, in bounded memory. Steps, each in its own JVM (run
 * by {@code scripts/bench scan}): {@code generate FILE GB} writes a record of real transcript
 * lines, with a 1 MB tool result every 200 lines and, from 1 GB on, one of 64 MB; {@code writes
 * FILE CALLS KB} writes a record of one turn of CALLS Writes of KB kilobytes that all failed with
 * "Stream closed"; {@code scan FILE text|json} scans it as the command does and prints {@code
 * scan_<mode>_peak_rss_mb=… peak_heap_mb=… seconds=…}; {@code replay FILE} loads it as {@code
 * milk-tui replay} does and prints {@code replay_load_peak_rss_mb=… peak_heap_mb=… seconds=…
 * mb_per_s=…}; {@code markdown FILE OUT} exports it as {@code milk-tui replay FILE --to-markdown
 * OUT} does and prints {@code replay_markdown_peak_rss_mb=… peak_heap_mb=… seconds=…}.
 */
public final class ScanMemoryBenchmark {
  private ScanMemoryBenchmark() {}

  public static void main(String[] args) throws IOException {
    Path file = Path.of(args[1]);
    if (args[0].equals("generate")) {
      generate(file, (long) (Double.parseDouble(args[2]) * 1e9), true);
    } else if (args[0].equals("session")) {
      generate(file, (long) (Double.parseDouble(args[2]) * 1e9), false);
    } else if (args[0].equals("capture")) {
      capture(file, (long) (Double.parseDouble(args[2]) * 1e9));
    } else if (args[0].equals("writes")) {
      writes(file, Integer.parseInt(args[2]), Integer.parseInt(args[3]));
    } else if (args[0].equals("replay")) {
      replay(file);
    } else if (args[0].equals("markdown")) {
      markdown(file, Path.of(args[2]));
    } else {
      scan(file, args[2]);
    }
  }

  /** Every recorded line, in order: a mix of real sessions. */
  private static List<String> recordedLines() throws IOException {
    List<String> lines = new ArrayList<>();
    for (String name : Recordings.names()) {
      lines.addAll(Files.readAllLines(Recordings.ndjson(name)));
    }
    return lines;
  }

  /** Claude's stdout as captured (no record entries): the recorded lines over and over. */
  private static void capture(Path file, long targetBytes) throws IOException {
    List<String> lines = recordedLines();
    try (Writer out = Files.newBufferedWriter(file)) {
      long written = 0;
      for (int i = 0; written < targetBytes; i++) {
        String line = lines.get(i % lines.size());
        out.write(line);
        out.write('\n');
        written += line.length() + 1;
      }
    }
    System.out.printf(Locale.ROOT, "generated %s: %.2f GB%n", file, Files.size(file) / 1e9);
  }

  /**
   * A session record of the recorded lines; {@code bigResults}: with a 1 MB tool result every 200
   * lines and, from 1 GB on, one of 64 MB.
   */
  private static void generate(Path file, long targetBytes, boolean bigResults) throws IOException {
    List<String> lines = recordedLines();
    String oneMb = bigResult(1_000_000);
    try (RecordFile record = RecordFile.open(file, Clock.systemUTC())) {
      long written = 0;
      for (long i = 0; written < targetBytes; i++) {
        String line;
        if (bigResults && i == 1000 && targetBytes >= 1e9) {
          line = bigResult(64_000_000);
        } else if (bigResults && i % 200 == 199) {
          line = oneMb;
        } else {
          line = lines.get((int) (i % lines.size()));
        }
        if (i % 10 == 0) {
          record.toClaude("{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"go\"}}");
        }
        record.fromClaude(line);
        written += line.length() + 60;
      }
    }
    System.out.printf(Locale.ROOT, "generated %s: %.2f GB%n", file, Files.size(file) / 1e9);
  }

  private static void writes(Path file, int calls, int kilobytes) throws IOException {
    String content = "0123456789 line of a written file\\n".repeat(kilobytes * 1024 / 35);
    RecordOf.streamClosedWrites(file, calls, content);
    System.out.printf(Locale.ROOT, "generated %s: %.2f GB%n", file, Files.size(file) / 1e9);
  }

  private static String bigResult(int bytes) {
    return "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\","
        + "\"tool_use_id\":\"toolu_big\",\"content\":\""
        + "0123456789 line of output\\n".repeat(bytes / 27)
        + "\"}]},\"session_id\":\"s\"}";
  }

  private static void scan(Path file, String mode) throws IOException {
    long start = System.nanoTime();
    ScanReport report = TranscriptScanner.scan(file.toString(), file);
    String out = mode.equals("json") ? ScanJson.line(report) : ScanText.render(report);
    double seconds = (System.nanoTime() - start) / 1e9;
    System.out.printf(
        Locale.ROOT,
        "scan --%s: %d lines, %d tools, %d bytes of output%n",
        mode,
        report.lines(),
        report.tools().total(),
        out.getBytes(StandardCharsets.UTF_8).length);
    System.out.printf(
        Locale.ROOT,
        "scan_%s_peak_rss_mb=%.0f peak_heap_mb=%.0f seconds=%.2f file_gb=%.2f%n",
        mode,
        peakRss() / 1e6,
        peakHeap() / 1e6,
        seconds,
        Files.size(file) / 1e9);
  }

  private static void replay(Path file) throws IOException {
    long start = System.nanoTime();
    ReplayFile.Loaded loaded;
    try {
      loaded = ReplayFile.read(file);
    } catch (ReplayFile.NotReplayable e) {
      throw new IOException(file + " " + e.getMessage(), e);
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    System.out.printf(
        Locale.ROOT,
        "replay: %s, %d items%n",
        loaded.kind().description(),
        loaded.script().turns().stream().mapToInt(turn -> turn.items().size()).sum());
    System.out.printf(
        Locale.ROOT,
        "replay_load_peak_rss_mb=%.0f peak_heap_mb=%.0f seconds=%.2f mb_per_s=%.0f file_gb=%.2f%n",
        peakRss() / 1e6,
        peakHeap() / 1e6,
        seconds,
        Files.size(file) / 1e6 / seconds,
        Files.size(file) / 1e9);
  }

  private static void markdown(Path file, Path out) throws IOException {
    long start = System.nanoTime();
    try {
      ReplayMarkdown.write(file, out);
    } catch (ReplayFile.NotReplayable e) {
      throw new IOException(file + " " + e.getMessage(), e);
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    System.out.printf(
        Locale.ROOT,
        "replay_markdown_peak_rss_mb=%.0f peak_heap_mb=%.0f seconds=%.1f markdown_mb=%.0f%n",
        peakRss() / 1e6,
        peakHeap() / 1e6,
        seconds,
        Files.size(out) / 1e6);
  }

  /** The most the heap held: the peaks of its pools, summed. */
  private static long peakHeap() {
    return ManagementFactory.getMemoryPoolMXBeans().stream()
        .filter(pool -> pool.getType() == MemoryType.HEAP)
        .mapToLong(pool -> pool.getPeakUsage().getUsed())
        .sum();
  }

  private static long peakRss() throws IOException {
    for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
      if (line.startsWith("VmHWM:")) {
        return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
      }
    }
    return 0;
  }
}
