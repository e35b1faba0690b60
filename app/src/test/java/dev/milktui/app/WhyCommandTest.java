package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.protocol.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WhyCommandTest {

  @TempDir Path temp;

  private Path work;
  private Path userSettings;
  private Environment environment;

  @BeforeEach
  void setUp() throws IOException {
    WhySandbox sandbox = WhySandbox.in(temp);
    work = sandbox.work();
    userSettings = sandbox.userSettings();
    environment = sandbox.environment();
  }

  private CommandRun why(String... args) {
    return CommandRun.of(new WhyCommand(environment), args);
  }

  @Test
  void aDestructiveCommandAsksBecauseOfTheAlwaysAskListOverTheBaseline() {
    CommandRun run = why("--cwd", work.toString(), "Bash", "{\"command\":\"ls && rm -rf out\"}");

    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .startsWith("ask, because Bash(rm *-r*) in milk-tui's always-ask list (--settings)");
  }

  @Test
  void aUserDenyRuleIsNamedWithItsFile() throws IOException {
    Files.writeString(userSettings, "{\"permissions\":{\"deny\":[\"Bash(git push:*)\"]}}");

    CommandRun run = why("--cwd", work.toString(), "Bash", "{\"command\":\"git push origin\"}");

    assertThat(run.out())
        .startsWith("deny, because Bash(git push:*) in user settings (" + userSettings + ")");
  }

  @Test
  void withoutTheBaselineAnUncoveredCommandHasNoRuleAndClaudeAsks() {
    CommandRun run =
        why("--cwd", work.toString(), "--no-baseline", "Bash", "{\"command\":\"touch x\"}");

    assertThat(run.out()).startsWith("ask, because no rule: claude asks");
  }

  @Test
  void jsonNamesVerdictRuleLayerAndFile() throws IOException {
    Files.writeString(userSettings, "{\"permissions\":{\"allow\":[\"Edit(//elsewhere/**)\"]}}");

    CommandRun run =
        why(
            "--cwd",
            work.toString(),
            "--json",
            "Write",
            "{\"file_path\":\"/elsewhere/a.txt\",\"content\":\"x\"}");

    var answer = Json.mapper().readTree(run.out());
    assertThat(answer.path("verdict").asText()).isEqualTo("allow");
    assertThat(answer.path("rule").asText()).isEqualTo("Edit(//elsewhere/**)");
    assertThat(answer.path("layer").asText()).isEqualTo("user settings");
    assertThat(answer.path("file").asText()).isEqualTo(userSettings.toString());
  }

  @Test
  void badJsonAnUnknownToolAndAMissingFolderAreRefusedInOneLineEach() {
    CommandRun badJson = why("--cwd", work.toString(), "Bash", "{\"command\":");
    CommandRun notObject = why("--cwd", work.toString(), "Bash", "[1]");
    CommandRun unknown = why("--cwd", work.toString(), "bash", "{}");
    CommandRun missing = why("--cwd", temp.resolve("gone").toString(), "Bash", "{}");

    assertThat(badJson.exitCode()).isEqualTo(1);
    assertThat(badJson.err()).startsWith("why: INPUT-JSON is not JSON");
    assertThat(notObject.err()).contains("INPUT-JSON must be a JSON object");
    assertThat(unknown.exitCode()).isEqualTo(1);
    assertThat(unknown.err()).contains("no tool named 'bash' (did you mean Bash?)");
    assertThat(missing.exitCode()).isEqualTo(1);
    assertThat(missing.err()).contains("no such folder: " + temp.resolve("gone"));
  }

  @Test
  void controlCharactersFromSettingsAndInputNeverReachTheTerminalRaw() throws IOException {
    Files.writeString(
        userSettings, "{\"permissions\":{\"deny\":[\"Bash(echo \\u001b[31mred:*)\"]}}");

    CommandRun text =
        why("--cwd", work.toString(), "Bash", "{\"command\":\"echo \\u001b[31mred x\"}");
    CommandRun json =
        why("--cwd", work.toString(), "--json", "Bash", "{\"command\":\"echo \\u001b[31mred\"}");

    assertThat(text.out()).startsWith("deny, because").doesNotContain("\u001b");
    assertThat(json.out()).contains("deny").doesNotContain("\u001b");
  }
}
