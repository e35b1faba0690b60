package dev.milktui.app;

import dev.milktui.core.grants.LockedJsonFile;
import dev.milktui.core.grants.SettingsException;
import dev.milktui.core.protocol.Json;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.tinylog.Logger;

/**
 * The last session id of each working directory, for {@code --continue}. Writes (a file lock and
 * fsyncs) run in order on their own thread, {@code milk-last-sessions}, so no session or UI thread
 * ever waits for the disk.
 */
final class LastSessions {
  private final LockedJsonFile file;
  private final ExecutorService writer =
      new ThreadPoolExecutor(
          0,
          1,
          10,
          TimeUnit.SECONDS,
          new LinkedBlockingQueue<>(),
          body -> {
            Thread thread = new Thread(body, "milk-last-sessions");
            thread.setDaemon(true);
            return thread;
          });

  LastSessions(Path file) {
    this.file = new LockedJsonFile(file);
  }

  Optional<String> lastIn(Path directory) {
    try {
      return Optional.ofNullable(Json.text(file.read(), key(directory)));
    } catch (SettingsException e) {
      Logger.warn("cannot read {}: {}", file.file(), e.getMessage());
      return Optional.empty();
    }
  }

  /** Returns at once; the file is updated on the writer thread. */
  void remember(Path directory, String sessionId) {
    writer.execute(() -> write(directory, sessionId));
  }

  /** Lets the writes already asked for finish, waiting at most {@code bound} (before exiting). */
  void finishWrites(Duration bound) {
    writer.shutdown();
    try {
      if (!writer.awaitTermination(bound.toMillis(), TimeUnit.MILLISECONDS)) {
        Logger.warn("{} was not updated within {}", file.file(), bound);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void write(Path directory, String sessionId) {
    try {
      file.update(root -> root.put(key(directory), sessionId));
    } catch (SettingsException e) {
      Logger.warn("cannot remember the session in {}: {}", file.file(), e.getMessage());
    }
  }

  private static String key(Path directory) {
    return directory.toAbsolutePath().normalize().toString();
  }
}
