package dev.milktui.core.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RealClaudeTest {
  private static final Path CONFIG = Path.of("/sandbox/home/.claude");
  private static final Path HOME = Path.of("/sandbox/home");

  @Test
  void pointsTheCliAtTheFakeApiWithNoNonessentialTrafficAndFewRetries() {
    Map<String, String> env =
        RealClaude.environment(Map.of(), CONFIG, HOME, "http://127.0.0.1:1234", 1);

    assertThat(env)
        .containsEntry("ANTHROPIC_BASE_URL", "http://127.0.0.1:1234")
        .containsEntry("ANTHROPIC_API_KEY", "sk-test-dummy")
        .containsEntry("CLAUDE_CONFIG_DIR", "/sandbox/home/.claude")
        .containsEntry("HOME", "/sandbox/home")
        .containsEntry("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1")
        .containsEntry("DISABLE_TELEMETRY", "1")
        .containsEntry("DISABLE_AUTOUPDATER", "1")
        .containsEntry("DISABLE_ERROR_REPORTING", "1")
        .containsEntry("CLAUDE_CODE_MAX_RETRIES", "1")
        .containsEntry("PATH", "/usr/local/bin:/usr/bin:/bin");
  }

  @Test
  void dropsInheritedClaudeSessionAnthropicAndProxyVariablesButKeepsThePath() {
    Map<String, String> inherited =
        Map.of(
            "CLAUDECODE", "1",
            "CLAUDE_CODE_ENTRYPOINT", "cli",
            "CLAUDE_CODE_SESSION_ID", "0000",
            "ANTHROPIC_AUTH_TOKEN", "real-token",
            "ANTHROPIC_MODEL", "another-model",
            "HTTPS_PROXY", "http://proxy:3128",
            "PATH", "/opt/bin:/usr/bin",
            "LANG", "C.UTF-8");

    Map<String, String> env =
        RealClaude.environment(inherited, CONFIG, HOME, "http://127.0.0.1:1234", 2);

    assertThat(env)
        .doesNotContainKeys(
            "CLAUDECODE",
            "CLAUDE_CODE_ENTRYPOINT",
            "CLAUDE_CODE_SESSION_ID",
            "ANTHROPIC_AUTH_TOKEN",
            "ANTHROPIC_MODEL",
            "HTTPS_PROXY")
        .containsEntry("PATH", "/opt/bin:/usr/bin")
        .containsEntry("LANG", "C.UTF-8");
  }
}
