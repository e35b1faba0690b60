package dev.milktui.core.bench;

import dev.milktui.core.record.RecordFile;
import dev.milktui.core.scan.ScanJson;
import dev.milktui.core.scan.ScanReport;
import dev.milktui.core.scan.ScanText;
import dev.milktui.core.scan.TranscriptScanner;
import dev.milktui.core.testkit.Recordings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code milk-tui scan} of a big session record, in bounded memory. Two steps, each in its own JVM
 * (run by {@code scripts/bench scan}): {@code generate FILE GB} writes a record of real transcript
 * lines, with a 1 MB tool result every 200 lines and one of 64 MB; {@code scan FILE text|json}
 * scans it as the command does and prints {@code scan_<mode>_peak_rss_mb=… seconds=…}.
 */
public final class ScanMemoryBenchmark {
  private ScanMemoryBenchmark() {}

  public static void main(String[] args) throws IOException {
    Path file = Path.of(args[1]);
    if (args[0].equals("generate")) {
      generate(file, (long) (Double.parseDouble(args[2]) * 1e9));
    } else {
      scan(file, args[2]);
    }
  }

  private static void generate(Path file, long targetBytes) throws IOException {
    List<String> lines = new ArrayList<>();
    for (String name : Recordings.names()) {
      lines.addAll(Files.readAllLines(Recordings.ndjson(name)));
    }
    String oneMb = bigResult(1_000_000);
    try (RecordFile record = RecordFile.open(file, Clock.systemUTC())) {
      long written = 0;
      for (long i = 0; written < targetBytes; i++) {
        String line;
        if (i == 1000) {
          line = bigResult(64_000_000);
        } else if (i % 200 == 199) {
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
        "scan_%s_peak_rss_mb=%.0f seconds=%.1f file_gb=%.2f%n",
        mode,
        peakRss() / 1e6,
        seconds,
        Files.size(file) / 1e9);
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
