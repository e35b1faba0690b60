package dev.milktui.core.grants;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.tinylog.Logger;

/**
 * Locked read-modify-write of one JSON object file that other programs (Claude, other milk-tui
 * processes) also edit. Under an exclusive lock the file is re-read, the change applied to the
 * whole tree, and the result written atomically, and only if something changed. A file that does
 * not parse, or whose top level is not an object, is never written.
 */
public final class LockedJsonFile {

  /** A change to the document; returns what the caller wants to report about it. */
  @FunctionalInterface
  public interface Mutation<T> {
    T apply(ObjectNode root) throws SettingsException;
  }

  private final Path file;

  public LockedJsonFile(Path file) {
    this.file = file.toAbsolutePath().normalize();
  }

  public Path file() {
    return file;
  }

  /**
   * The current content, {@code {}} when the file does not exist. Reads need no lock: writes are
   * atomic.
   */
  public ObjectNode read() throws SettingsException {
    return readFrom(target());
  }

  @SuppressWarnings("try") // the lock is held for the block, never read
  public <T> T update(Mutation<T> mutation) throws SettingsException {
    Path target = target();
    try {
      AtomicFileWriter.createParentDirectories(target);
      try (ExclusiveFileLock lock = ExclusiveFileLock.acquire(target)) {
        ObjectNode root = readFrom(target);
        ObjectNode before = root.deepCopy();
        T result = mutation.apply(root);
        if (!root.equals(before)) {
          AtomicFileWriter.replace(target, ClaudeJsonFormat.write(root));
          Logger.info("Updated {}", target);
        }
        return result;
      }
    } catch (IOException e) {
      throw new SettingsException(target, "could not update: " + e.getMessage(), e);
    }
  }

  /**
   * The file to replace. A symbolic link (dotfile managers use them) is written through: the new
   * content goes next to the link's target and the link itself stays a link.
   */
  private Path target() throws SettingsException {
    Path current = file;
    try {
      for (int hops = 0; Files.isSymbolicLink(current); hops++) {
        if (hops == 40) {
          throw new SettingsException(file, "too many levels of symbolic links");
        }
        current = current.resolveSibling(Files.readSymbolicLink(current)).normalize();
      }
      return current;
    } catch (IOException e) {
      throw new SettingsException(file, "could not follow symbolic link: " + e.getMessage(), e);
    }
  }

  private ObjectNode readFrom(Path target) throws SettingsException {
    byte[] content;
    try {
      content = Files.readAllBytes(target);
    } catch (NoSuchFileException e) {
      return JsonNodeFactory.instance.objectNode();
    } catch (IOException e) {
      throw new SettingsException(file, "could not read: " + e.getMessage(), e);
    }
    JsonNode root = ClaudeJsonFormat.parse(file, content);
    if (!root.isObject()) {
      throw new SettingsException(
          file, "top level is " + JsonTypes.describe(root) + ", expected an object");
    }
    return (ObjectNode) root;
  }
}
