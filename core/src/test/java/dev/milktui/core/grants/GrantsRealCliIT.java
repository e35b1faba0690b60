package dev.milktui.core.grants;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.testkit.ClaudeSandbox;
import dev.milktui.core.testkit.CliRun;
import dev.milktui.core.testkit.FakeAnthropicApi;
import dev.milktui.core.testkit.Reply;
import dev.milktui.core.testkit.ToolResult;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What the grants store writes is honoured by the real CLI: each test saves a grant, then runs a
 * fresh claude whose only way to ask for permission is a closed stdin — so any call the grant did
 * not cover would fail with "Stream closed".
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class GrantsRealCliIT {
  private static final Duration TURN = Duration.ofSeconds(30);

  private ClaudeSandbox sandbox;
  private SettingsStore store;

  @BeforeEach
  void sandbox() {
    sandbox = ClaudeSandbox.create();
    store =
        new SettingsStore(
            SettingsLocation.resolve(
                Map.of("CLAUDE_CONFIG_DIR", sandbox.configDir().toString()),
                sandbox.home(),
                java.util.Optional.empty()),
            sandbox.home());
  }

  @AfterEach
  void cleanUp() {
    sandbox.close();
  }

  private CliRun oneShot(FakeAnthropicApi api, String prompt) {
    ProcessBuilder builder =
        sandbox.processBuilder(
            api.baseUrl(),
            "-p",
            "--output-format=stream-json",
            "--verbose",
            "--permission-prompt-tool=stdio",
            "--",
            prompt);
    builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    return CliRun.start(builder);
  }

  @Test
  void afterGrantingWriteAFreshClaudeWritesOutsideItsWorkingDirectoryWithoutAPrompt()
      throws Exception {
    Path outside = Files.createDirectories(sandbox.root().resolve("outside"));
    Path target = outside.resolve("granted.txt");
    store.grant(GrantRequest.of(RuleGrant.userConfirmed("Write")));
    try (FakeAnthropicApi api =
            FakeAnthropicApi.start(
                Reply.toolUse(
                    "toolu_write",
                    "Write",
                    Map.of("file_path", target.toString(), "content", "ok\n")),
                Reply.text("Written."));
        CliRun claude = oneShot(api, "Write the file")) {
      JsonNode result = claude.awaitLine("result", null, TURN);
      assertThat(result.path("permission_denials")).as(claude.transcript()).isEmpty();
      assertThat(target).hasContent("ok");
    }
  }

  @Test
  void afterAddingADirectoryAReadThereNeedsNoPrompt() throws Exception {
    Path data = Files.createDirectories(sandbox.root().resolve("data"));
    Path file = Files.writeString(data.resolve("notes.txt"), "secret notes\n");
    store.grant(GrantRequest.of().withDirectories(data.toString()));
    try (FakeAnthropicApi api =
            FakeAnthropicApi.start(
                Reply.toolUse("toolu_read", "Read", Map.of("file_path", file.toString())),
                Reply.text("Read it."));
        CliRun claude = oneShot(api, "Read the notes")) {
      JsonNode result = claude.awaitLine("result", null, TURN);
      assertThat(result.path("permission_denials")).as(claude.transcript()).isEmpty();
      assertThat(api.toolResults())
          .singleElement()
          .satisfies(
              r -> {
                assertThat(r.isError()).isFalse();
                assertThat(r.content()).contains("secret notes");
              });
    }
  }

  @Test
  void afterTrustingTheWorkspaceAProjectRuleIsHonoured() throws Exception {
    Path projectSettings = sandbox.workDir().resolve(".claude/settings.json");
    Files.createDirectories(projectSettings.getParent());
    Files.writeString(projectSettings, "{\"permissions\":{\"allow\":[\"Bash(touch:*)\"]}}\n");
    Map<String, Object> touch = Map.of("command", "touch trusted.txt", "description", "touch");
    try (FakeAnthropicApi api =
            FakeAnthropicApi.start(
                Reply.toolUse("toolu_touch", "Bash", touch), Reply.text("Done."));
        CliRun untrusted = oneShot(api, "Touch it")) {
      untrusted.awaitLine("result", null, TURN);
      assertThat(api.toolResults())
          .as("an untrusted workspace ignores the project rule")
          .singleElement()
          .satisfies(r -> assertThat(r.content()).containsIgnoringCase("stream closed"));
    }

    WorkspaceTrust trust =
        new WorkspaceTrust(
            SettingsLocation.claudeJson(
                Map.of("CLAUDE_CONFIG_DIR", sandbox.configDir().toString()), sandbox.home()));
    assertThat(trust.trust(sandbox.workDir())).isTrue();
    try (FakeAnthropicApi api =
            FakeAnthropicApi.start(
                Reply.toolUse("toolu_touch", "Bash", touch), Reply.text("Done."));
        CliRun trusted = oneShot(api, "Touch it")) {
      JsonNode result = trusted.awaitLine("result", null, TURN);
      assertThat(result.path("permission_denials")).as(trusted.transcript()).isEmpty();
      assertThat(api.toolResults())
          .containsExactly(new ToolResult("toolu_touch", "(Bash completed with no output)", false));
      assertThat(sandbox.workDir().resolve("trusted.txt")).exists();
    }
  }

  /** Runs one tool call under an allow rule; true when the CLI ran it without asking. */
  private boolean ranWithoutAsking(String rule, String tool, Map<String, Object> input)
      throws Exception {
    store.grant(GrantRequest.of(RuleGrant.userConfirmed(rule)));
    try (FakeAnthropicApi api =
            FakeAnthropicApi.start(Reply.toolUse("toolu_probe", tool, input), Reply.text("Done."));
        CliRun claude = oneShot(api, "Run it")) {
      claude.awaitLine("result", null, TURN);
      assertThat(api.toolResults()).as(claude.transcript()).hasSize(1);
      return !api.toolResults().get(0).isError();
    } finally {
      store.revoke(List.of(rule), List.of());
    }
  }

  private boolean allowedWithoutAsking(String rule, String command) throws Exception {
    return ranWithoutAsking(rule, "Bash", Map.of("command", command, "description", "x"));
  }

  private boolean writtenWithoutAsking(String rule, Path file) throws Exception {
    return ranWithoutAsking(rule, "Write", Map.of("file_path", file.toString(), "content", "x"));
  }

  @Test
  void aPrefixRuleCoversItsWordsWithMoreArgumentsButNotALongerWordOrAChainedCommand()
      throws Exception {
    assertThat(allowedWithoutAsking("Bash(touch made:*)", "touch made")).isTrue();
    assertThat(allowedWithoutAsking("Bash(touch made:*)", "touch made more")).isTrue();
    assertThat(allowedWithoutAsking("Bash(touch made:*)", "touch madex")).isFalse();
    assertThat(allowedWithoutAsking("Bash(touch made:*)", "touch made && touch other")).isFalse();
    assertThat(allowedWithoutAsking("Bash(touch made)", "touch made more")).isFalse();
  }

  @Test
  void anEscapedPathRuleCoversItsDirectoryAndNotADirectoryItsPatternWouldMatch() throws Exception {
    Path out = Files.createDirectories(sandbox.root().resolve("out"));
    Path brackets = Files.createDirectories(out.resolve("a[1]+(b)"));
    Path lookAlike = Files.createDirectories(out.resolve("a1bb"));
    String rule = "Edit(" + PathPattern.under(brackets).orElseThrow() + ")";

    assertThat(writtenWithoutAsking(rule, brackets.resolve("f.txt"))).isTrue();
    assertThat(writtenWithoutAsking(rule, lookAlike.resolve("f.txt"))).isFalse();
  }
}
