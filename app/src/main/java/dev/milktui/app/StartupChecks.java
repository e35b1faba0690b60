package dev.milktui.app;

import dev.milktui.core.grants.AlwaysAsk;
import dev.milktui.core.grants.SettingsException;
import dev.milktui.core.grants.SettingsStore;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * What must work before the full screen opens. A failure here is one line on stderr and exit code
 * 1: inside the UI it would be a dialog over a session that can never start.
 */
final class StartupChecks {

  private StartupChecks() {}

  /** A check that failed; the message is the line to print. */
  static final class Failed extends Exception {
    private static final long serialVersionUID = 1L;

    Failed(String message) {
      super(message);
    }
  }

  /** The claude binary to run and the version it answered. */
  record Claude(Path binary, ClaudeVersion version) {}

  /**
   * The claude binary to run (--claude, else PATH, else the project's install), proven to start by
   * answering {@code --version}.
   */
  static Claude claude(ClaudeLocator locator, Optional<Path> chosen, Duration timeout)
      throws Failed {
    ClaudeLocator.Found found =
        locator
            .locate(chosen)
            .orElseThrow(
                () ->
                    new Failed(
                        chosen
                            .map(path -> "--claude " + path + ": not an executable file")
                            .orElseGet(
                                () ->
                                    "claude not found on PATH"
                                        + locator
                                            .projectInstall()
                                            .map(path -> " nor at " + path)
                                            .orElse("")
                                        + "; install Claude Code or name it with --claude PATH")));
    try {
      return new Claude(found.path(), ClaudeVersionProbe.run(found.path(), timeout));
    } catch (IOException e) {
      throw new Failed(
          "claude does not work: " + found.path() + " --version failed: " + e.getMessage());
    }
  }

  /** Claude's settings file grants go to must be readable and parse (a missing file is fine). */
  static void settings(SettingsStore store) throws Failed {
    try {
      store.list();
    } catch (SettingsException e) {
      throw new Failed(e.getMessage());
    }
  }

  /** The user's always-ask list, or the built-in one; a file that is there must be valid. */
  static AlwaysAsk.Rules alwaysAsk(Path file) throws Failed {
    try {
      return AlwaysAsk.load(file);
    } catch (SettingsException e) {
      throw new Failed(e.getMessage());
    }
  }
}
