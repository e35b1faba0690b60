package dev.milktui.core.grants;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tinylog.Logger;

/**
 * Locked read-modify-write of one JSON object file that other programs (Claude, other milk-tui
 * processes) also edit. Under milk-tui's own lock and Claude's lock directory (see {@link
 * ClaudeLockDirectory}) the file is re-read, the change applied to the whole tree, and the result
 * written atomically, and only if something changed. A file that does not parse, whose top level is
 * not an object, that is not a regular file or that is read-only is never written.
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
    return parse(SettingsTarget.of(file).read());
  }

  /**
   * Applies {@code mutation} under both locks. A symbolic link (dotfile managers use them) is
   * written through: the new content replaces the file the OS resolves the link to, and the link
   * stays a link.
   */
  @SuppressWarnings("try") // the locks are held for the block, never read
  public <T> T update(Mutation<T> mutation) throws SettingsException {
    SettingsTarget target = SettingsTarget.of(file);
    target.requireRegularOrMissing();
    try {
      AtomicFileWriter.createParentDirectories(target.path());
      try (ExclusiveFileLock lock = ExclusiveFileLock.acquire(target.path());
          ClaudeLocks claudeLocks = ClaudeLocks.acquire(file, target.path())) {
        ObjectNode root = parse(target.read());
        ObjectNode before = root.deepCopy();
        T result = mutation.apply(root);
        if (!root.equals(before)) {
          target.requireWritable();
          AtomicFileWriter.replace(target.path(), ClaudeJsonFormat.write(root));
          Logger.info("Updated {}", target.path());
        }
        return result;
      }
    } catch (IOException e) {
      throw new SettingsException(file, "could not update: " + e.getMessage(), e);
    }
  }

  private ObjectNode parse(Optional<byte[]> content) throws SettingsException {
    if (content.isEmpty()) {
      return JsonNodeFactory.instance.objectNode();
    }
    JsonNode root = ClaudeJsonFormat.parse(file, content.get());
    if (!root.isObject()) {
      throw new SettingsException(
          file, "top level is " + JsonTypes.describe(root) + ", expected an object");
    }
    return (ObjectNode) root;
  }

  /**
   * Claude's lock next to the real file and, when the configured path is a link elsewhere, next to
   * the link too: which of the two a given CLI version locks is not documented, so both are held.
   */
  private static final class ClaudeLocks implements AutoCloseable {
    private final List<ClaudeLockDirectory> held;

    private ClaudeLocks(List<ClaudeLockDirectory> held) {
      this.held = held;
    }

    static ClaudeLocks acquire(Path configured, Path real) throws IOException, SettingsException {
      List<ClaudeLockDirectory> held = new ArrayList<>();
      try {
        for (Path file : configured.equals(real) ? List.of(real) : List.of(configured, real)) {
          if (Files.isDirectory(file.getParent())) {
            held.add(ClaudeLockDirectory.acquire(file));
          }
        }
        return new ClaudeLocks(held);
      } catch (IOException | SettingsException | RuntimeException e) {
        releaseAll(held);
        throw e;
      }
    }

    @Override
    public void close() throws IOException {
      releaseAll(held);
    }

    private static void releaseAll(List<ClaudeLockDirectory> held) throws IOException {
      IOException failure = null;
      for (int i = held.size() - 1; i >= 0; i--) {
        try {
          held.get(i).close();
        } catch (IOException e) {
          failure = e;
        }
      }
      if (failure != null) {
        throw failure;
      }
    }
  }
}
