package dev.milktui.app;

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
 * failures, denials, errors, cost). Each file is streamed, so its size does not matter. The common
 * forms skip picocli altogether ({@link QuickScan}); the work is {@link ScanRun}'s.
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
  @Spec CommandSpec spec;

  @Parameters(
      paramLabel = "FILE",
      arity = "0..*",
      description = "stream-json transcripts (claude's stdout); - reads standard input")
  List<String> files = new ArrayList<>();

  @Option(names = "--json", description = "one JSON object per file, one per line")
  boolean json;

  @Option(names = "--example", description = "also scan the bundled " + ScanRun.EXAMPLE)
  boolean example;

  @Override
  public Integer call() {
    if (files.isEmpty() && !example) {
      throw new ParameterException(spec.commandLine(), "Missing FILE (or --example)");
    }
    return new ScanRun(json, spec.commandLine().getOut(), spec.commandLine().getErr())
        .run(files, example);
  }
}
