package dev.milktui.app;

import dev.milktui.core.io.StateDirectory;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Where milk-tui keeps its files: everything is state (logs, session records, input history, the
 * last session of each directory, exports, lock files) under the {@link StateDirectory}.
 */
public record AppPaths(Path stateDirectory) {
  private static final DateTimeFormatter RECORD_NAME =
      DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

  public static AppPaths resolve(Environment environment) {
    return new AppPaths(StateDirectory.resolve(environment.variables(), environment.home()));
  }

  public Path logFile() {
    return stateDirectory.resolve("milk-tui.log");
  }

  public Path historyFile() {
    return stateDirectory.resolve("history");
  }

  public Path lastSessionsFile() {
    return stateDirectory.resolve("last-sessions.json");
  }

  public Path sessionsDirectory() {
    return stateDirectory.resolve("sessions");
  }

  public Path exportsDirectory() {
    return stateDirectory.resolve("exports");
  }

  /** A file-name stamp for now; the pid keeps parallel runs apart. */
  public String timestamp(Instant now) {
    return RECORD_NAME.format(now) + "-" + ProcessHandle.current().pid();
  }

  /** A new record file for a session starting now. */
  public Path newRecordFile(Instant now) {
    return sessionsDirectory().resolve(timestamp(now) + ".ndjson");
  }
}
