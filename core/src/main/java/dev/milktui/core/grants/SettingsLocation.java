package dev.milktui.core.grants;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/** Where Claude keeps the files this package edits, resolved the way the CLI resolves them. */
public final class SettingsLocation {

  static final String CONFIG_DIR_VARIABLE = "CLAUDE_CONFIG_DIR";

  private SettingsLocation() {}

  /**
   * The user settings file: {@code explicit} if given, else {@code
   * $CLAUDE_CONFIG_DIR/settings.json}, else {@code <home>/.claude/settings.json}. With the variable
   * set the CLI does not read the home file at all, so writing there would be a grant that silently
   * never applies.
   */
  public static Path resolve(Map<String, String> env, Path home, Optional<Path> explicit) {
    return explicit
        .map(Path::toAbsolutePath)
        .orElseGet(() -> configDirectory(env, home).resolve("settings.json"))
        .normalize();
  }

  /**
   * Claude's global state file holding workspace trust: {@code $CLAUDE_CONFIG_DIR/.claude.json},
   * else {@code <home>/.claude.json} (next to, not inside, {@code ~/.claude}).
   */
  public static Path claudeJson(Map<String, String> env, Path home) {
    return configDir(env).orElse(home).resolve(".claude.json").normalize();
  }

  /** Claude's config folder: {@code $CLAUDE_CONFIG_DIR}, else {@code ~/.claude}. */
  public static Path configDirectory(Map<String, String> env, Path home) {
    return configDir(env).orElse(home.resolve(".claude"));
  }

  private static Optional<Path> configDir(Map<String, String> env) {
    return Optional.ofNullable(env.get(CONFIG_DIR_VARIABLE))
        .filter(value -> !value.isBlank())
        .map(value -> Path.of(value).toAbsolutePath());
  }
}
