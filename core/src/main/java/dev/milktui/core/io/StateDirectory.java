package dev.milktui.core.io;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * milk-tui's own state folder, after the XDG base directories: {@code $XDG_STATE_HOME/milk-tui},
 * else {@code ~/.local/state/milk-tui}. Logs, session records, history and lock files live there,
 * never in Claude's config folder.
 */
public final class StateDirectory {

  private StateDirectory() {}

  public static Path resolve(Map<String, String> environment, Path home) {
    Path base =
        Optional.ofNullable(environment.get("XDG_STATE_HOME"))
            .map(Path::of)
            .filter(Path::isAbsolute)
            .orElse(home.resolve(".local/state"));
    return base.resolve("milk-tui");
  }

  /** The folder for this process's user and environment. */
  public static Path ofThisProcess() {
    return resolve(System.getenv(), Path.of(System.getProperty("user.home")));
  }
}
