package dev.milktui.core.io;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Creates files and folders only their owner can read: settings, session records and message
 * history may hold secrets. Existing ones are left as they are; non-POSIX file systems get the
 * platform default.
 */
public final class OwnerOnlyFiles {
  public static final Set<PosixFilePermission> FILE_MODE =
      PosixFilePermissions.fromString("rw-------");
  public static final Set<PosixFilePermission> DIRECTORY_MODE =
      PosixFilePermissions.fromString("rwx------");

  private OwnerOnlyFiles() {}

  /** Creates the missing parents of {@code file} with mode 0700. */
  public static void createParentDirectories(Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent == null || Files.isDirectory(parent)) {
      return;
    }
    createParentDirectories(parent);
    try {
      if (isPosix(parent.getParent())) {
        Files.createDirectory(parent, PosixFilePermissions.asFileAttribute(DIRECTORY_MODE));
      } else {
        Files.createDirectory(parent);
      }
    } catch (FileAlreadyExistsException e) {
      // Another process made it meanwhile.
    }
  }

  /** Creates {@code file} (and its parents) with mode 0600 unless it exists. */
  public static void createFileIfMissing(Path file) throws IOException {
    createParentDirectories(file);
    try {
      if (isPosix(file.toAbsolutePath().getParent())) {
        Files.createFile(file, PosixFilePermissions.asFileAttribute(FILE_MODE));
      } else {
        Files.createFile(file);
      }
    } catch (FileAlreadyExistsException e) {
      // Kept as it is.
    }
  }

  public static boolean isPosix(Path path) {
    return path != null
        && Files.exists(path)
        && path.getFileSystem().supportedFileAttributeViews().contains("posix");
  }
}
