package dev.milktui.core.grants;

import dev.milktui.core.io.OwnerOnlyFiles;
import dev.milktui.core.io.StateDirectory;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLockInterruptionException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.tinylog.Logger;

/**
 * Mutual exclusion for one file across threads and processes. An OS file lock belongs to the whole
 * JVM (a second {@code lock()} from another thread throws), so threads first queue on an in-JVM
 * lock.
 *
 * <p>The lock is a file in milk-tui's own state folder ({@code locks/}), one per target, named by
 * the target's name and a hash of its real path: never beside Claude's config, where a file at
 * {@code <name>.lock} would also make Claude's proper-lockfile lock (a directory there) fail. The
 * lock file is left in place: deleting it while another process waits on it would let two writers
 * in at once.
 *
 * <p>Saving a grant must not depend on the state folder: when it cannot hold the lock file (a full
 * or read-only disk, a file where the folder should be), the lock file goes beside the target as
 * {@code .<name>.milk-tui.lock}, a name Claude's own lock ({@code <name>.lock}) never uses.
 */
final class ExclusiveFileLock implements AutoCloseable {

  private static final Map<Path, ReentrantLock> IN_JVM = new ConcurrentHashMap<>();

  private final ReentrantLock threadLock;
  private final FileChannel channel;

  private ExclusiveFileLock(ReentrantLock threadLock, FileChannel channel) {
    this.threadLock = threadLock;
    this.channel = channel;
  }

  private static final Path LOCKS = StateDirectory.ofThisProcess().resolve("locks");

  static Path sidecarFor(Path target) {
    return sidecarFor(LOCKS, target);
  }

  /** {@code <name>-<first 16 hex digits of SHA-256 of the path>.milk-tui.lock} in {@code locks}. */
  static Path sidecarFor(Path locks, Path target) {
    Path absolute = target.toAbsolutePath().normalize();
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest(absolute.toString().getBytes(StandardCharsets.UTF_8));
      String hash = HexFormat.of().formatHex(digest, 0, 8);
      return locks.resolve(absolute.getFileName() + "-" + hash + ".milk-tui.lock");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java has SHA-256", e);
    }
  }

  /**
   * Blocks until {@code target} (its real path) is ours; an interrupt (the user cancelled the save)
   * ends the wait with an {@link InterruptedIOException}.
   */
  static ExclusiveFileLock acquire(Path target) throws IOException {
    return acquire(LOCKS, target);
  }

  static ExclusiveFileLock acquire(Path locks, Path target) throws IOException {
    Path sidecar = sidecarFor(locks, target);
    try {
      OwnerOnlyFiles.createParentDirectories(sidecar);
      return lock(sidecar);
    } catch (InterruptedIOException
        | FileLockInterruptionException
        | ClosedByInterruptException e) {
      throw e; // the user cancelled: no second try elsewhere
    } catch (IOException e) {
      // Never a trial open and close first: closing any channel on a file drops every lock this
      // JVM holds on it (POSIX), another thread's included.
      Path absolute = target.toAbsolutePath().normalize();
      Path beside = absolute.resolveSibling("." + absolute.getFileName() + ".milk-tui.lock");
      Logger.warn("cannot use {} ({}); locking with {} instead", sidecar, e.getMessage(), beside);
      return lock(beside);
    }
  }

  private static ExclusiveFileLock lock(Path sidecar) throws IOException {
    ReentrantLock threadLock = IN_JVM.computeIfAbsent(sidecar, key -> new ReentrantLock());
    try {
      threadLock.lockInterruptibly();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while waiting for " + sidecar);
    }
    try {
      FileChannel channel = open(sidecar);
      try {
        channel.lock();
        return new ExclusiveFileLock(threadLock, channel);
      } catch (IOException | RuntimeException e) {
        channel.close();
        throw e;
      }
    } catch (IOException | RuntimeException e) {
      threadLock.unlock();
      throw e;
    }
  }

  private static FileChannel open(Path sidecar) throws IOException {
    if (!Files.exists(sidecar)
        && sidecar.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      return FileChannel.open(
          sidecar,
          Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE),
          PosixFilePermissions.asFileAttribute(AtomicFileWriter.NEW_FILE_MODE));
    }
    return FileChannel.open(sidecar, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
  }

  @Override
  public void close() throws IOException {
    try {
      channel.close(); // releases the OS lock
    } finally {
      threadLock.unlock();
    }
  }
}
