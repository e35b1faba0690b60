package dev.milktui.core.grants;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Mutual exclusion for one file across threads and processes. An OS file lock belongs to the whole
 * JVM (a second {@code lock()} from another thread throws), so threads first queue on an in-JVM
 * lock.
 *
 * <p>The lock lives in a sidecar {@code <name>.milk-tui.lock}, never {@code <name>.lock}: Claude
 * locks its own config with proper-lockfile, which creates a <em>directory</em> at {@code
 * <name>.lock}; a file of ours there would make Claude's lock fail. The sidecar is left in place:
 * deleting it while another process waits on it would let two writers in at once.
 */
final class ExclusiveFileLock implements AutoCloseable {

  private static final Map<Path, ReentrantLock> IN_JVM = new ConcurrentHashMap<>();

  private final ReentrantLock threadLock;
  private final FileChannel channel;

  private ExclusiveFileLock(ReentrantLock threadLock, FileChannel channel) {
    this.threadLock = threadLock;
    this.channel = channel;
  }

  static Path sidecarFor(Path target) {
    return target.resolveSibling(target.getFileName() + ".milk-tui.lock");
  }

  /** Blocks until {@code target} is ours; its parent directory must exist. */
  static ExclusiveFileLock acquire(Path target) throws IOException {
    Path sidecar = sidecarFor(target);
    ReentrantLock threadLock = IN_JVM.computeIfAbsent(sidecar, key -> new ReentrantLock());
    threadLock.lock();
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
