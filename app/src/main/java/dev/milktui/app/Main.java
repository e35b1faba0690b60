package dev.milktui.app;

import java.nio.file.Path;
import picocli.CommandLine;

/**
 * Entry point: logging to a file first (nothing may print while the screen is up), then picocli.
 */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    Logging.toFile(logFile(args));
    System.exit(new CommandLine(new MilkTuiCommand()).execute(args));
  }

  /** --log-file if the arguments name one, else the log in milk-tui's state directory. */
  private static Path logFile(String[] args) {
    try {
      CommandLine.ParseResult parsed = new CommandLine(new MilkTuiCommand()).parseArgs(args);
      if (parsed.hasMatchedOption("--log-file")) {
        return parsed.matchedOptionValue("--log-file", (Path) null);
      }
    } catch (CommandLine.ParameterException e) {
      // execute() parses again and reports the mistake.
    }
    return AppPaths.resolve(Environment.system()).logFile();
  }
}
