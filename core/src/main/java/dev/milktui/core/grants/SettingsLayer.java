package dev.milktui.core.grants;

import java.nio.file.Path;
import java.util.Locale;

/** The settings files Claude reads permissions from, narrowest last, as the CLI names them. */
public enum SettingsLayer {
  /** {@code $CLAUDE_CONFIG_DIR/settings.json}, else {@code ~/.claude/settings.json}. */
  USER,
  /** {@code <project>/.claude/settings.json}, usually checked in. */
  PROJECT,
  /** {@code <project>/.claude/settings.local.json}, the CLI's "always allow" default. */
  LOCAL;

  /** The lower-case name used on the command line and in JSON output. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The layer of a {@link #label()}; an unknown name throws {@link IllegalArgumentException}. */
  public static SettingsLayer of(String label) {
    return valueOf(label.strip().toUpperCase(Locale.ROOT));
  }

  /** This layer's file, given the user settings file and the project directory. */
  public Path file(Path userSettings, Path project) {
    return switch (this) {
      case USER -> userSettings;
      case PROJECT -> project.resolve(".claude").resolve("settings.json");
      case LOCAL -> project.resolve(".claude").resolve("settings.local.json");
    };
  }
}
