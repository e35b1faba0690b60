package dev.milktui.app;

import dev.milktui.core.grants.LockedJsonFile;
import dev.milktui.core.grants.SettingsException;
import dev.milktui.core.protocol.Json;
import java.nio.file.Path;
import java.util.Optional;
import org.tinylog.Logger;

/** The last session id of each working directory, for {@code --continue}. */
final class LastSessions {
  private final LockedJsonFile file;

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

  void remember(Path directory, String sessionId) {
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
