package dev.milktui.app;

import dev.milktui.core.grants.SettingsLocation;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/** The {@code --settings FILE} option shared by the commands that read Claude's user settings. */
final class SettingsFileOption {

  @Option(
      names = "--settings",
      paramLabel = "FILE",
      description =
          "Claude user settings file (default: $CLAUDE_CONFIG_DIR/settings.json, else"
              + " ~/.claude/settings.json)")
  Path explicit;

  /** The file Claude would read in {@code environment}, unless one was named. */
  Path resolve(Environment environment) {
    return SettingsLocation.resolve(
        environment.variables(), environment.home(), Optional.ofNullable(explicit));
  }
}
