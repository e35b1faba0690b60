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

  /**
   * The folder for this process's environment. Home is {@code $HOME} when set, as the app reads it
   * (Java's {@code user.home} comes from the password database and ignores it).
   */
  public static Path ofThisProcess() {
    Map<String, String> environment = System.getenv();
    String home = environment.get("HOME");
    return resolve(
        environment,
        home != null && !home.isBlank() && Path.of(home).isAbsolute()
            ? Path.of(home)
            : Path.of(System.getProperty("user.home")));
  }
}
