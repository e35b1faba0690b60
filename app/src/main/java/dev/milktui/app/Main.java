package dev.milktui.app;

import dev.milktui.tui.FatalErrors;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.tinylog.Logger;

/**
 * Entry point: logging to a file first (nothing may print while the screen is up), then picocli.
 */
public final class Main {
  private static final String LOG_FILE = "--log-file";

  private Main() {}

  public static void main(String[] args) {
    Optional<Path> chosenLog = logFileOption(args);
    Optional<String> logProblem = chosenLog.flatMap(Main::logFileProblem);
    if (logProblem.isPresent()) {
      System.err.println("milk-tui: --log-file " + chosenLog.get() + ": " + logProblem.get());
      System.exit(2);
    }
    Optional<QuickScan> scan = QuickScan.of(args);
    // A scan logs nothing: setting up the log (tinylog's start reads the jar's resources and the
    // platform's management beans) took a sixth of a small scan's time, so it is set up only for an
    // out-of-memory error. Should anything else log in a scan, it is dropped, never printed
    // (tinylog without a configuration writes to the console).
    if (scan.isEmpty()) {
      logTo(chosenLog);
    } else {
      System.setProperty("tinylog.level", "off");
    }
    int exitCode;
    try {
      exitCode =
          scan.isPresent()
              ? scan.get().run()
              : MilkTuiCommand.commandLine(new MilkTuiCommand(), args).execute(args);
    } catch (OutOfMemoryError e) {
      // The screen, if any, is already down: picocli passes errors through after the UI's
      // finally blocks.
      logTo(chosenLog);
      Logger.error(e, "out of memory");
      System.err.println(FatalErrors.describe(e));
      exitCode = 1;
    }
    System.exit(exitCode);
  }

  /** Logs to the chosen file, or to the default one; before the first log call. */
  private static void logTo(Optional<Path> chosenLog) {
    Logging.toFile(chosenLog.orElseGet(() -> AppPaths.resolve(Environment.system()).logFile()));
  }

  /**
   * Why the chosen log file cannot be written, if it cannot. A typo must not make folders (as root,
   * anywhere); the default log's folders are ours. Checked before anything runs, since a log that
   * cannot be opened would otherwise fail silently.
   */
  static Optional<String> logFileProblem(Path logFile) {
    Path folder = logFile.toAbsolutePath().getParent();
    if (folder != null && !Files.isDirectory(folder)) {
      return Optional.of("the folder " + folder + " does not exist");
    }
    if (Files.isDirectory(logFile)) {
      return Optional.of("is a folder; name a file to write");
    }
    if (Files.exists(logFile) ? !Files.isWritable(logFile) : !Files.isWritable(folder)) {
      return Optional.of("cannot be written here");
    }
    return Optional.empty();
  }

  /**
   * --log-file if the arguments name one. A plain scan rather than a second picocli parse, which
   * would build the whole command model twice at start.
   */
  static Optional<Path> logFileOption(String[] args) {
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--")) {
        break;
      }
      if (args[i].startsWith(LOG_FILE + "=")) {
        return Optional.of(Path.of(args[i].substring(LOG_FILE.length() + 1)));
      }
      if (args[i].equals(LOG_FILE) && i + 1 < args.length) {
        return Optional.of(Path.of(args[i + 1]));
      }
    }
    return Optional.empty();
  }
}
