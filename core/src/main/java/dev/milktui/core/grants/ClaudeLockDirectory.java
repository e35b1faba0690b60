package dev.milktui.core.grants;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.tinylog.Logger;

/**
 * The lock Claude itself takes before rewriting one of its JSON files: a directory {@code
 * <file>.lock} made with {@code mkdir} and removed after the rename (proper-lockfile). A lock whose
 * mtime is older than {@link #STALE} belongs to a writer that died (a live holder refreshes it), so
 * it is removed and taken, as Claude does; while held, its mtime is refreshed every {@link
 * #REFRESH} (as proper-lockfile does), so a slow disk never makes ours look stale. Held only for
 * one read-merge-write, never across user interaction.
 */
final class ClaudeLockDirectory implements AutoCloseable {

  /** proper-lockfile's default staleness, which Claude uses for its settings and state files. */
  static final Duration STALE = Duration.ofSeconds(10);

  /**
   * How long a held lock is waited for before the update is refused: a little longer than {@link
   * #STALE}, so that the lock of a writer that died is always taken over rather than reported.
   */
  static final Duration WAIT = Duration.ofSeconds(12);

  /** proper-lockfile's refresh period: half the staleness. */
  static final Duration REFRESH = STALE.dividedBy(2);

  private static final long POLL_MILLIS = 20;

  private static final ScheduledExecutorService REFRESHER =
      Executors.newSingleThreadScheduledExecutor(
          task -> {
            Thread thread = new Thread(task, "claude-lock-refresh");
            thread.setDaemon(true);
            return thread;
          });

  private final Path directory;
  private final ScheduledFuture<?> refresh;

  private ClaudeLockDirectory(Path directory, Duration refreshEvery) {
    this.directory = directory;
    long period = refreshEvery.toMillis();
    this.refresh =
        REFRESHER.scheduleAtFixedRate(this::touch, period, period, TimeUnit.MILLISECONDS);
  }

  private void touch() {
    try {
      Files.setLastModifiedTime(directory, FileTime.from(Instant.now()));
    } catch (IOException e) {
      Logger.warn("Could not refresh the lock {}: {}", directory, e.getMessage());
    }
  }

  static Path directoryFor(Path file) {
    return file.resolveSibling(file.getFileName() + ".lock");
  }

  static ClaudeLockDirectory acquire(Path file) throws IOException, SettingsException {
    return acquire(file, WAIT, STALE, REFRESH);
  }

  /**
   * Takes the lock of {@code file}, waiting at most {@code wait}, refreshing it every {@code
   * refreshEvery} while held; the parent must exist.
   */
  static ClaudeLockDirectory acquire(
      Path file, Duration wait, Duration stale, Duration refreshEvery)
      throws IOException, SettingsException {
    Path directory = directoryFor(file);
    Instant deadline = Instant.now().plus(wait);
    boolean told = false;
    while (true) {
      try {
        Files.createDirectory(directory);
        return new ClaudeLockDirectory(directory, refreshEvery);
      } catch (FileAlreadyExistsException e) {
        if (isStale(directory, stale)) {
          Logger.warn("Removing stale lock {} (older than {} s)", directory, stale.toSeconds());
          removeStale(directory);
          continue;
        }
        if (!told) {
          told = true;
          LockWaits.waiting(directory);
        }
      }
      if (Instant.now().isAfter(deadline)) {
        throw new SettingsException(
            file,
            "another program (Claude?) has held the lock "
                + directory
                + " for more than "
                + wait.toSeconds()
                + " s; nothing was changed. Try again; if no claude is running, remove that"
                + " directory.");
      }
      try {
        Thread.sleep(POLL_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SettingsException(file, "interrupted while waiting for " + directory, e);
      }
    }
  }

  private static boolean isStale(Path directory, Duration stale) throws IOException {
    try {
      Instant modified = Files.getLastModifiedTime(directory).toInstant();
      return modified.isBefore(Instant.now().minus(stale));
    } catch (NoSuchFileException e) {
      return false; // released meanwhile: the next mkdir will tell
    }
  }

  /** A lock directory is empty; anything else there is not a lock and is left alone. */
  private static void removeStale(Path directory) throws IOException {
    try {
      Files.delete(directory);
    } catch (NoSuchFileException e) {
      // someone else removed it first
    }
  }

  @Override
  public void close() throws IOException {
    refresh.cancel(false);
    try {
      Files.delete(directory);
    } catch (NoSuchFileException e) {
      Logger.warn("Lock {} was removed while held (taken as stale by another writer?)", directory);
    }
  }
}
