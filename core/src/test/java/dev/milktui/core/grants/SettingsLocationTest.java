package dev.milktui.core.grants;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SettingsLocationTest {

  private static final Path HOME = Path.of("/home/dev");

  @Test
  void usesTheHomeClaudeDirectoryByDefault() {
    assertThat(SettingsLocation.resolve(Map.of(), HOME, Optional.empty()))
        .isEqualTo(Path.of("/home/dev/.claude/settings.json"));
  }

  @Test
  void usesClaudeConfigDirWhenSet() {
    assertThat(
            SettingsLocation.resolve(
                Map.of("CLAUDE_CONFIG_DIR", "/srv/claude/"), HOME, Optional.empty()))
        .isEqualTo(Path.of("/srv/claude/settings.json"));
  }

  @Test
  void ignoresABlankClaudeConfigDir() {
    assertThat(SettingsLocation.resolve(Map.of("CLAUDE_CONFIG_DIR", " "), HOME, Optional.empty()))
        .isEqualTo(Path.of("/home/dev/.claude/settings.json"));
  }

  @Test
  void anExplicitPathOverridesBoth() {
    assertThat(
            SettingsLocation.resolve(
                Map.of("CLAUDE_CONFIG_DIR", "/srv/claude"),
                HOME,
                Optional.of(Path.of("/etc/milk/settings.json"))))
        .isEqualTo(Path.of("/etc/milk/settings.json"));
  }

  @Test
  void claudeJsonLivesInTheHomeDirectoryOrInClaudeConfigDir() {
    assertThat(SettingsLocation.claudeJson(Map.of(), HOME))
        .isEqualTo(Path.of("/home/dev/.claude.json"));
    assertThat(SettingsLocation.claudeJson(Map.of("CLAUDE_CONFIG_DIR", "/srv/claude"), HOME))
        .isEqualTo(Path.of("/srv/claude/.claude.json"));
  }
}
