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
    Optional<Path> missingFolder = chosenLog.map(Path::toAbsolutePath).map(Path::getParent);
    if (missingFolder.isPresent() && !Files.isDirectory(missingFolder.get())) {
      // A typo must not make folders (as root, anywhere); the default log's folders are ours.
      System.err.println(
          "milk-tui: --log-file "
              + chosenLog.get()
              + ": the folder "
              + missingFolder.get()
              + " does not exist");
      System.exit(2);
    }
    Logging.toFile(chosenLog.orElseGet(() -> AppPaths.resolve(Environment.system()).logFile()));
    int exitCode;
    try {
      exitCode = MilkTuiCommand.commandLine(new MilkTuiCommand(), args).execute(args);
    } catch (OutOfMemoryError e) {
      // The screen, if any, is already down: picocli passes errors through after the UI's
      // finally blocks.
      Logger.error(e, "out of memory");
      System.err.println(FatalErrors.describe(e));
      exitCode = 1;
    }
    System.exit(exitCode);
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
