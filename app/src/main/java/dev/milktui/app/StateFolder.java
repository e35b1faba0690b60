package dev.milktui.app;

import dev.milktui.core.io.OwnerOnlyFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Whether milk-tui can keep its state (session records, input history, --continue bookkeeping, the
 * log): tried by writing a file there, since a read-only mount, a full disk or a file where the
 * folder should be all fail the same way, for root too, where file modes would not.
 */
final class StateFolder {
  private StateFolder() {}

  /** What the user is told when {@link #problem} finds one. */
  static String notice(Path folder, String problem) {
    return "milk-tui cannot write its state folder "
        + folder
        + " ("
        + problem
        + "): this session's record, your input history, --continue's note of the last session"
        + " and the log are not being kept. Grants are saved all the same.";
  }

  static Optional<String> problem(Path folder) {
    Path probe = null;
    try {
      OwnerOnlyFiles.createParentDirectories(folder.resolve("probe"));
      probe = Files.createTempFile(folder, ".write-test", ".tmp");
      Files.write(probe, new byte[4096]);
      return Optional.empty();
    } catch (IOException | RuntimeException e) {
      return Optional.of(reason(e));
    } finally {
      if (probe != null) {
        try {
          Files.deleteIfExists(probe);
        } catch (IOException e) {
          // The probe stays; it is empty or a few bytes.
        }
      }
    }
  }

  private static String reason(Exception e) {
    String name = e.getClass().getSimpleName();
    String message = e.getMessage();
    return switch (name) {
      case "FileSystemException", "AccessDeniedException" ->
          message != null && message.contains("Read-only") ? "read-only" : String.valueOf(message);
      case "FileAlreadyExistsException" -> "a file is where a folder should be: " + message;
      case "NoSuchFileException" -> "no such folder: " + message;
      default -> message == null ? name : message;
    };
  }
}
