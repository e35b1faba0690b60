package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.grants.AlwaysAsk;
import dev.milktui.core.grants.WorkspaceTrust;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DoctorCommandTest {

  @TempDir Path temp;

  private Path bin;
  private Path workspace;
  private final Map<String, String> variables = new HashMap<>();

  @BeforeEach
  void setUp() throws IOException {
    bin = Files.createDirectories(temp.resolve("bin"));
    workspace = Files.createDirectories(temp.resolve("workspace"));
    variables.put("CLAUDE_CONFIG_DIR", temp.resolve("config").toString());
    variables.put("PATH", bin.toString());
    variables.put("TERM", "xterm-256color");
  }

  private CommandRun doctor(String... args) {
    Environment environment = new Environment(variables, temp.resolve("home"));
    String[] withWorkspace = new String[args.length + 2];
    withWorkspace[0] = "--cwd";
    withWorkspace[1] = workspace.toString();
    System.arraycopy(args, 0, withWorkspace, 2, args.length);
    return CommandRun.of(new DoctorCommand(environment), withWorkspace);
  }

  @Test
  void pinnedClaudeOnPathPassesWithOneLinePerCheck() throws IOException {
    Path claude =
        Scripts.executable(
            bin.resolve("claude"), "echo '" + ClaudeVersion.PINNED + " (Claude Code)'");

    CommandRun run = doctor();

    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("OK    claude     " + claude + " (from PATH)")
        .contains("OK    version    " + ClaudeVersion.PINNED)
        .contains("OK    settings   ")
        .contains("WARN  login      no API key in the environment and no Claude login found")
        .contains(
            "OK    workspace  " + workspace.toAbsolutePath() + " has no project settings, so trust")
        .contains("terminal   ")
        .contains("OK    java       " + Runtime.version());
    assertThat(run.out().lines()).hasSize(8 + AlwaysAsk.DEFAULT_RULES.size());
    assertThat(run.err()).isEmpty();
  }

  @Test
  void theCommandsThatAlwaysAskAreListedOneALineWithWhereTheListComesFrom() {
    CommandRun run = doctor();

    Path file = temp.resolve("home/.config/milk-tui/always-ask");
    assertThat(run.out())
        .contains(
            "OK    always-ask  "
                + AlwaysAsk.DEFAULT_RULES.size()
                + " rules ask even where the baseline allows Bash (built in; a file at "
                + file
                + " replaces the list):")
        .contains("\n                 Bash(rm *-r*)\n")
        .contains("\n                 Bash(git*reset*--hard*)\n");
  }

  @Test
  void aUsersListReplacesTheBuiltInOneAndABadLineFails() throws IOException {
    Path file = temp.resolve("home/.config/milk-tui/always-ask");
    Files.createDirectories(file.getParent());
    Files.writeString(file, "# mine\nBash(terraform destroy*)\n");

    CommandRun mine = doctor();

    assertThat(mine.out())
        .contains("OK    always-ask  1 rules ask even where the baseline allows Bash (from " + file)
        .contains("                 Bash(terraform destroy*)")
        .doesNotContain("Bash(rm *-r*)");

    Files.writeString(file, "Bash(unclosed\n");
    CommandRun bad = doctor();

    assertThat(bad.exitCode()).isEqualTo(1);
    assertThat(bad.out()).contains("FAIL  always-ask", "line 1");
  }

  @Test
  void missingClaudeFailsWithExit1AndSkipsTheVersion() {
    CommandRun run = doctor();

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out()).contains("FAIL  claude     not found on PATH").doesNotContain("version");
    assertThat(run.out()).contains("java");
  }

  @Test
  void aClaudeNewerThanTestedWarnsQuietlyButPasses() throws IOException {
    Scripts.executable(bin.resolve("claude"), "echo '9.0.0 (Claude Code)'");

    CommandRun run = doctor();

    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains(
            "WARN  version    claude 9.0.0 is newer than milk-tui has been tested with ("
                + ClaudeVersion.PINNED
                + ")");
  }

  @Test
  void aClaudeBelowTheFloorSaysWhatMayBreakAndHowToUpdate() throws IOException {
    Scripts.executable(bin.resolve("claude"), "echo '1.0.128 (Claude Code)'");

    CommandRun run = doctor();

    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("WARN  version    claude 1.0.128 is older than milk-tui supports (2.0.77 to ")
        .contains("permission prompts and interrupts may not show")
        .contains("npm i -g @anthropic-ai/claude-code");
  }

  @Test
  void aSupportedOlderClaudeIsOkWithWhatIsKnownAboutIt() throws IOException {
    Scripts.executable(bin.resolve("claude"), "echo '2.1.300 (Claude Code)'");

    CommandRun run = doctor();

    assertThat(run.out())
        .contains("OK    version    2.1.300 (supported: 2.0.77 to " + ClaudeVersion.PINNED + ")")
        .contains("starts in auto mode unless told otherwise");
  }

  @Test
  void claudeThatCannotReportItsVersionFails() throws IOException {
    Scripts.executable(bin.resolve("claude"), "echo 'segfault' >&2; exit 3");

    CommandRun run = doctor();

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out()).contains("FAIL  version", "exit code 3: segfault");
  }

  @Test
  void escapeSequencesAClaudeBinaryPrintsNeverReachTheTerminal() throws IOException {
    Scripts.executable(
        bin.resolve("claude"),
        "printf '\\033]52;c;ZXZpbA==\\007\\033]0;pwned\\007\\302\\2332Jsegfault\\n' >&2; exit 3");

    CommandRun run = doctor();

    assertThat(run.out()).contains("FAIL  version", "exit code 3: segfault");
    assertThat(run.out().chars().filter(c -> c < 0x20 && c != '\n' || c >= 0x7f && c <= 0x9f))
        .isEmpty();
  }

  @Test
  void explicitClaudeIsUsedAndNeverReplacedByTheOneOnPath() throws IOException {
    Scripts.executable(bin.resolve("claude"), "echo '" + ClaudeVersion.PINNED + " (Claude Code)'");
    Path notExecutable = Files.writeString(temp.resolve("claude"), "not a program");

    CommandRun run = doctor("--claude", notExecutable.toString());

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out()).contains("FAIL  claude     " + notExecutable + " is not an executable");
  }

  @Test
  void projectInstallUnderMilkHomeIsFoundWhenPathHasNone() throws IOException {
    Path root = temp.resolve("milk");
    Path claude =
        Scripts.executable(
            root.resolve(".claude-cli/node_modules/.bin/claude"),
            "echo '" + ClaudeVersion.PINNED + " (Claude Code)'");
    variables.put("MILK_HOME", root.toString());

    CommandRun run = doctor();

    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains(claude + " (from project install)");
  }

  @Test
  void malformedSettingsFailsNamingFileAndLine() throws IOException {
    Scripts.executable(bin.resolve("claude"), "echo '" + ClaudeVersion.PINNED + " (Claude Code)'");
    Path settings = Files.writeString(temp.resolve("settings.json"), "{\n  \"permissions\": [\n");

    CommandRun run = doctor("--settings", settings.toString());

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out()).contains("FAIL  settings   " + settings, "line ");
  }

  @Test
  void settingsAreCountedAndTrustedWorkspaceIsOk() throws Exception {
    Scripts.executable(bin.resolve("claude"), "echo '" + ClaudeVersion.PINNED + " (Claude Code)'");
    Path settings =
        Files.writeString(
            temp.resolve("settings.json"),
            "{\"permissions\":{\"allow\":[\"Write\",\"Bash(ls:*)\"],"
                + "\"additionalDirectories\":[\"/srv\"]}}");
    new WorkspaceTrust(temp.resolve("config/.claude.json")).trust(workspace);

    CommandRun run = doctor("--settings", settings.toString());

    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("allow: 2, additionalDirectories: 1")
        .contains("OK    workspace  " + workspace.toAbsolutePath() + " is trusted");
  }

  @Test
  void anUntrustedWorkspaceWithProjectSettingsWarns() throws IOException {
    Files.createDirectories(workspace.resolve(".claude"));
    Files.writeString(workspace.resolve(".claude/settings.local.json"), "{}");

    CommandRun run = doctor();

    assertThat(run.out())
        .contains("WARN  workspace  " + workspace.toAbsolutePath() + " is not trusted");
  }

  @Test
  void anApiKeyInTheEnvironmentIsALoginAndItsValueIsNeverPrinted() {
    variables.put("ANTHROPIC_API_KEY", "sk-ant-secret-value");

    CommandRun run = doctor();

    assertThat(run.out())
        .contains("OK    login      ANTHROPIC_API_KEY is set in the environment")
        .doesNotContain("sk-ant-secret-value");
  }

  @Test
  void claudesCredentialsFileInItsConfigFolderIsALogin() throws IOException {
    Path credentials = temp.resolve("config/.credentials.json");
    Files.createDirectories(credentials.getParent());
    Files.writeString(credentials, "{\"claudeAiOauth\":{\"accessToken\":\"secret-token\"}}");

    CommandRun run = doctor();

    assertThat(run.out())
        .contains("OK    login      logged in to Claude (" + credentials + ")")
        .doesNotContain("secret-token");
  }

  @Test
  void anOauthAccountInClaudeJsonIsALoginAndTheAccountIsNotPrinted() throws IOException {
    Path claudeJson = temp.resolve("config/.claude.json");
    Files.createDirectories(claudeJson.getParent());
    Files.writeString(claudeJson, "{\"oauthAccount\":{\"emailAddress\":\"someone@example.com\"}}");

    CommandRun run = doctor();

    assertThat(run.out())
        .contains("OK    login      logged in to Claude (oauthAccount in " + claudeJson + ")")
        .doesNotContain("someone@example.com");
  }

  @Test
  void withoutAnyLoginItSaysHowToLogInButDoesNotFailSinceAKeychainMayHoldIt() throws IOException {
    Scripts.executable(bin.resolve("claude"), "echo '" + ClaudeVersion.PINNED + " (Claude Code)'");

    CommandRun run = doctor();

    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("WARN  login")
        .contains("run claude and type /login, or set ANTHROPIC_API_KEY");
  }

  @Test
  void unknownOptionIsAUsageError() {
    CommandRun run = doctor("--bogus");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("Usage:");
  }
}
