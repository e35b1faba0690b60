package dev.milktui.core.grants;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Optional;
import java.util.Set;

/**
 * The file behind a settings path as the OS resolves it, and the checks made before it is read or
 * replaced: only a regular file (or a missing one) is ever read or written, reads are bounded, and
 * a file without an owner-write bit is left alone even when running as root.
 */
final class SettingsTarget {

  /**
   * The largest settings file read: far beyond any real one (a few KiB), small enough that a device
   * such as {@code /dev/zero} behind the path cannot exhaust memory.
   */
  static final int MAX_BYTES = 16 * 1024 * 1024;

  private static final int MAX_LINK_HOPS = 40;

  private final Path configured;
  private final Path target;

  private SettingsTarget(Path configured, Path target) {
    this.configured = configured;
    this.target = target;
  }

  /**
   * Resolves {@code configured} with the OS's rules: {@code toRealPath} for the part that exists, a
   * dangling link's target taken relative to its real directory, missing components appended. A
   * relative link inside a symlinked directory thus lands where the CLI's own read lands.
   */
  static SettingsTarget of(Path configured) throws SettingsException {
    try {
      return new SettingsTarget(configured, resolve(configured.toAbsolutePath(), 0, configured));
    } catch (IOException e) {
      throw new SettingsException(configured, "could not resolve: " + e.getMessage(), e);
    }
  }

  private static Path resolve(Path path, int hops, Path configured)
      throws IOException, SettingsException {
    if (hops > MAX_LINK_HOPS) {
      throw new SettingsException(configured, "too many levels of symbolic links");
    }
    if (Files.exists(path)) {
      return path.toRealPath();
    }
    Path parent = path.getParent();
    if (parent == null) {
      return path;
    }
    Path realParent = resolve(parent, hops, configured);
    Path name = path.getFileName();
    Path candidate = realParent.resolve(name);
    if (Files.isSymbolicLink(candidate)) {
      return resolve(realParent.resolve(Files.readSymbolicLink(candidate)), hops + 1, configured);
    }
    return candidate.normalize();
  }

  /** The real file that is read and replaced. */
  Path path() {
    return target;
  }

  /** Refuses anything that exists and is not a regular file; a missing file passes. */
  void requireRegularOrMissing() throws SettingsException {
    Optional<BasicFileAttributes> attributes = attributes();
    if (attributes.isPresent() && !attributes.get().isRegularFile()) {
      throw refusal(
          "is "
              + describe(attributes.get())
              + ", not a regular file; milk-tui reads and writes only regular settings files");
    }
  }

  /**
   * Refuses a file whose mode has no owner-write bit (for example 0444): someone made it read-only
   * on purpose, and renaming over it would undo that. The mode is checked explicitly because root
   * may write anything.
   */
  void requireWritable() throws SettingsException {
    if (attributes().isEmpty()) {
      return;
    }
    try {
      if (target.getFileSystem().supportedFileAttributeViews().contains("posix")) {
        Set<PosixFilePermission> mode = Files.getPosixFilePermissions(target);
        if (!mode.contains(PosixFilePermission.OWNER_WRITE)) {
          throw refusal("is read-only; milk-tui leaves it unchanged (make it writable to allow)");
        }
      }
      if (!Files.isWritable(target)) {
        throw refusal("is not writable by this user; milk-tui leaves it unchanged");
      }
    } catch (IOException e) {
      throw new SettingsException(configured, "could not check: " + e.getMessage(), e);
    }
  }

  /**
   * The content, at most {@link #MAX_BYTES}; empty when the file does not exist. The type is
   * checked before opening, so a FIFO or device is refused instead of blocking or filling memory.
   */
  Optional<byte[]> read() throws SettingsException {
    requireRegularOrMissing();
    // No link is followed here: the path is already real, and a link swapped in meanwhile could
    // lead anywhere.
    try (InputStream in =
        Files.newInputStream(target, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
      byte[] content = in.readNBytes(MAX_BYTES + 1);
      if (content.length > MAX_BYTES) {
        throw refusal("is larger than " + MAX_BYTES / (1024 * 1024) + " MiB; not a settings file");
      }
      return Optional.of(content);
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new SettingsException(configured, "could not read: " + e.getMessage(), e);
    }
  }

  private Optional<BasicFileAttributes> attributes() throws SettingsException {
    try {
      return Optional.of(
          Files.readAttributes(target, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new SettingsException(configured, "could not inspect: " + e.getMessage(), e);
    }
  }

  private SettingsException refusal(String reason) {
    String where = target.equals(configured) ? "" : " (it resolves to " + target + ")";
    return new SettingsException(configured, reason + where);
  }

  private static String describe(BasicFileAttributes attributes) {
    if (attributes.isDirectory()) {
      return "a directory";
    }
    if (attributes.isSymbolicLink()) {
      return "a symbolic link";
    }
    return "a device, FIFO or socket";
  }
}
