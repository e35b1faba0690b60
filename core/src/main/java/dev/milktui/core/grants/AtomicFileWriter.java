package dev.milktui.core.grants;

import dev.milktui.core.io.OwnerOnlyFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import org.tinylog.Logger;

/**
 * Replaces a file so that a crash at any instant leaves either the old or the new content: write a
 * temporary sibling, force it to disk, rename it over the target, force the directory entry.
 */
final class AtomicFileWriter {

  static final Set<PosixFilePermission> NEW_FILE_MODE = OwnerOnlyFiles.FILE_MODE;
  static final Set<PosixFilePermission> NEW_DIRECTORY_MODE = OwnerOnlyFiles.DIRECTORY_MODE;

  private AtomicFileWriter() {}

  /** Creates the missing parents of {@code file} with mode 0700 (settings may hold secrets). */
  static void createParentDirectories(Path file) throws IOException {
    OwnerOnlyFiles.createParentDirectories(file);
  }

  /**
   * Writes {@code content} to {@code target}, which must not be a symbolic link (resolve it first).
   * An existing file keeps its permissions; a new one gets 0600.
   */
  static void replace(Path target, byte[] content) throws IOException {
    Path directory = target.getParent();
    boolean posix = isPosix(directory);
    Set<PosixFilePermission> mode =
        posix && Files.exists(target) ? Files.getPosixFilePermissions(target) : NEW_FILE_MODE;
    FileAttribute<?>[] attributes =
        posix
            ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(NEW_FILE_MODE)}
            : none();
    Path temporary =
        Files.createTempFile(directory, "." + target.getFileName() + ".", ".tmp", attributes);
    try {
      try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
        ByteBuffer buffer = ByteBuffer.wrap(content);
        while (buffer.hasRemaining()) {
          channel.write(buffer);
        }
        channel.force(true);
      }
      if (posix) {
        Files.setPosixFilePermissions(temporary, mode);
      }
      Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(temporary);
    }
    forceDirectory(directory);
  }

  /**
   * Makes the rename itself durable; not every platform lets a directory be opened, hence best
   * effort.
   */
  private static void forceDirectory(Path directory) {
    try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException e) {
      Logger.debug(e, "Could not sync directory {}", directory);
    }
  }

  private static boolean isPosix(Path path) {
    return path.getFileSystem().supportedFileAttributeViews().contains("posix");
  }

  private static FileAttribute<?>[] none() {
    return new FileAttribute<?>[0];
  }
}
