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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code milk-tui scan}: sums up recorded claude stream-json output (turns, tools, stream-closed
 * failures, denials, errors, cost). Each file is streamed, so its size does not matter.
 */
@Command(
    name = "scan",
    mixinStandardHelpOptions = true,
    description = {
      "Reports what claude stream-json transcripts show: session, turns, tool calls and their"
          + " outcome, stream-closed failures, permission denials, errors and cost.",
      "For calls that failed with \"Stream closed\" it prints the milk-tui grants allow command"
          + " that would let them run.",
      "Files are read line by line in bounded memory: each list shows its first 1000 entries"
          + " and counts the rest.",
      "Exit code 1 when a file is not claude stream-json, 2 when one cannot be read (the others"
          + " are still scanned)."
    })
final class ScanCommand implements Callable<Integer> {
  /** The bundled demo transcript: a turn whose tool call failed with "Stream closed". */
  static final String EXAMPLE = "examples/stream-closed-turn.ndjson";

  static final int NOT_STREAM_JSON = 1;
  static final int UNREADABLE = 2;

  @Spec CommandSpec spec;

  @Parameters(
      paramLabel = "FILE",
      arity = "0..*",
      description = "stream-json transcripts (claude's stdout); - reads standard input")
  List<String> files = new ArrayList<>();

  @Option(names = "--json", description = "one JSON object per file, one per line")
  boolean json;

  @Option(names = "--example", description = "also scan the bundled " + EXAMPLE)
  boolean example;

  @Override
  public Integer call() {
    if (files.isEmpty() && !example) {
      throw new ParameterException(spec.commandLine(), "Missing FILE (or --example)");
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    int exitCode = 0;
    if (example) {
      print(out, scanExample());
    }
    for (String file : files) {
      try {
        ScanReport report = scan(file);
        if (isStreamJson(report)) {
          print(out, report);
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

  private void print(PrintWriter out, ScanReport report) {
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
    try (InputStream in = ScanCommand.class.getClassLoader().getResourceAsStream(EXAMPLE)) {
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
