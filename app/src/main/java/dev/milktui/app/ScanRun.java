package dev.milktui.app;

import dev.milktui.core.scan.ScanJson;
import dev.milktui.core.scan.ScanReport;
import dev.milktui.core.scan.ScanText;
import dev.milktui.core.scan.TranscriptScanner;
import dev.milktui.core.text.TerminalText;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code milk-tui scan} does once its arguments are read: scans each file and prints its
 * report, or says on standard error why it could not. Free of picocli, so that {@link QuickScan}
 * can run it without building the command line.
 */
final class ScanRun {
  /** The bundled demo transcript: a turn whose tool call failed with "Stream closed". */
  static final String EXAMPLE = "examples/stream-closed-turn.ndjson";

  static final int NOT_STREAM_JSON = 1;
  static final int UNREADABLE = 2;

  private final boolean json;
  private final PrintWriter out;
  private final PrintWriter err;

  ScanRun(boolean json, PrintWriter out, PrintWriter err) {
    this.json = json;
    this.out = out;
    this.err = err;
  }

  /** Scans the bundled example first if asked, then each file; returns the exit code. */
  int run(List<String> files, boolean example) {
    int exitCode = 0;
    if (example) {
      print(scanExample());
    }
    for (String file : files) {
      try {
        ScanReport report = scan(file);
        if (isStreamJson(report)) {
          print(report);
        } else {
          err.println(
              "milk-tui scan: "
                  + TerminalText.oneLine(file)
                  + " is not claude stream-json ("
                  + report.lines()
                  + " lines, none from claude)");
          exitCode = Math.max(exitCode, NOT_STREAM_JSON);
        }
      } catch (IOException | InvalidPathException e) {
        err.println(
            "milk-tui scan: cannot read " + TerminalText.oneLine(file) + ": " + describe(e));
        exitCode = UNREADABLE;
      }
      out.flush();
    }
    out.flush();
    err.flush();
    return exitCode;
  }

  private void print(ScanReport report) {
    if (json) {
      out.println(ScanJson.line(report));
    } else {
      out.print(ScanText.render(report));
      out.println();
    }
  }

  /**
   * Whether claude wrote it: every claude run prints a line with its session id (init, or the
   * result of a run that ends before its first turn).
   */
  private static boolean isStreamJson(ScanReport report) {
    return report.sessionId() != null || report.turns() > 0;
  }

  private static ScanReport scan(String file) throws IOException {
    if (file.equals("-")) {
      return TranscriptScanner.scan(file, System.in);
    }
    return TranscriptScanner.scan(file, Path.of(file));
  }

  private static ScanReport scanExample() {
    try (InputStream in = ScanRun.class.getClassLoader().getResourceAsStream(EXAMPLE)) {
      if (in == null) {
        throw new IllegalStateException(EXAMPLE + " is missing from the jar");
      }
      return TranscriptScanner.scan(EXAMPLE, in);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read the bundled " + EXAMPLE, e);
    }
  }

  private static String describe(Exception e) {
    String kind = e.getClass().getSimpleName();
    return e.getMessage() == null ? kind : kind + ": " + e.getMessage();
  }
}
