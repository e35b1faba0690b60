package dev.milktui.core.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.grants.AlwaysAsk;
import dev.milktui.core.protocol.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LaunchSpecTest {
  private static final Path CLAUDE = Path.of("/opt/claude");
  private static final Path WORK = Path.of("/home/dev/project");

  private static LaunchSpec spec() {
    return LaunchSpec.builder(CLAUDE, WORK)
        .model("claude-opus-5-5")
        .permissionMode("default")
        .allowedTools(List.of("Bash(npm test:*)", "Read"))
        .persistedDirectories(List.of(Path.of("/data/shared")))
        .extraDirectories(List.of(Path.of("/home/dev/other/../extra")))
        .environment(Map.of("PATH", "/usr/bin", "CLAUDECODE", "1", "CLAUDE_CODE_ENTRYPOINT", "cli"))
        .build();
  }

  @Test
  void streamCommandKeepsStdinProtocolAndUsesEqualsFormsForValuedFlags() {
    assertThat(spec().command(Optional.empty()))
        .containsExactly(
            "/opt/claude",
            "-p",
            "--output-format=stream-json",
            "--verbose",
            "--include-partial-messages",
            "--input-format=stream-json",
            "--permission-prompt-tool=stdio",
            "--model=claude-opus-5-5",
            "--permission-mode=default",
            "--settings=" + askSettings(),
            "--allowedTools=Bash,Read,Edit(//home/dev/project/**),Edit(//tmp/**),Bash(npm test:*)",
            "--add-dir",
            "/home/dev/project",
            "--add-dir",
            "/tmp",
            "--add-dir",
            "/data/shared",
            "--add-dir",
            "/home/dev/extra");
  }

  private static String askSettings() {
    ObjectNode settings = Json.mapper().createObjectNode();
    ArrayNode ask = settings.putObject("permissions").putArray("ask");
    AlwaysAsk.DEFAULT_RULES.forEach(ask::add);
    return settings.toString();
  }

  @Test
  void theAlwaysAskRulesAreSessionSettingsAndNoAskRulesMeansNoSettings() {
    assertThat(spec().command(Optional.empty())).contains("--settings=" + askSettings());
    assertThat(spec().toBuilder().askRules(List.of()).build().command(Optional.empty()))
        .noneMatch(arg -> arg.startsWith("--settings"));
  }

  @Test
  void theAskRulesJoinTheNamedSettingsFilesContentWhichIsLeftAlone(@TempDir Path temp)
      throws Exception {
    Path file = temp.resolve("settings.json");
    String content =
        "{\"model\":\"m\",\"permissions\":{\"allow\":[\"Read\"],\"ask\":[\"Bash(x:*)\"]}}";
    Files.writeString(file, content);

    List<String> argv =
        spec().toBuilder()
            .settingsFile(file)
            .askRules(List.of("Bash(rm *-r*)"))
            .build()
            .command(Optional.empty());

    assertThat(argv)
        .contains(
            "--settings={\"model\":\"m\",\"permissions\":{\"allow\":[\"Read\"],\"ask\":[\"Bash(x:*)\",\"Bash(rm *-r*)\"]}}");
    assertThat(file).hasContent(content);
  }

  @Test
  void aNamedSettingsFileThatCannotBeReadGivesWayToTheAskRules(@TempDir Path temp)
      throws Exception {
    Path file = Files.writeString(temp.resolve("settings.json"), "not json");

    List<String> argv =
        spec().toBuilder()
            .settingsFile(file)
            .askRules(List.of("Bash(sudo*)"))
            .build()
            .command(Optional.empty());

    assertThat(argv).contains("--settings={\"permissions\":{\"ask\":[\"Bash(sudo*)\"]}}");
  }

  @Test
  void theDefaultModeIsNamedWhenNoneWasChosenAndAModeMilkTuiNeverOffersIsRefused() {
    assertThat(LaunchSpec.defaults(CLAUDE, WORK).command(Optional.empty()))
        .contains("--permission-mode=default");
    assertThat(spec().withPermissionMode("plan").command(Optional.empty()))
        .contains("--permission-mode=plan")
        .doesNotContain("--permission-mode=default");
    assertThatThrownBy(() -> spec().withPermissionMode("bypassPermissions"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> spec().withPermissionMode("auto"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void oneShotCommandPutsThePromptAfterDoubleDashSoVariadicFlagsCannotSwallowIt() {
    List<String> argv = spec().withTransport(Transport.ONE_SHOT).command(Optional.of("--help me"));
    assertThat(argv).doesNotContain("--input-format=stream-json");
    assertThat(argv.subList(argv.size() - 2, argv.size())).containsExactly("--", "--help me");
  }

  @Test
  void baselineComesFirstWithoutDuplicatesAndCanBeTurnedOff() {
    assertThat(spec().effectiveAllowedTools())
        .containsExactly(
            "Bash", "Read", "Edit(//home/dev/project/**)", "Edit(//tmp/**)", "Bash(npm test:*)");
    LaunchSpec noBaseline =
        LaunchSpec.builder(CLAUDE, WORK).baseline(false).allowedTools(List.of("Read")).build();
    assertThat(noBaseline.effectiveAllowedTools()).containsExactly("Read");
    assertThat(noBaseline.command(Optional.empty())).contains("--allowedTools=Read");
  }

  @Test
  void grantsAccumulateAcrossRoundsWithoutDuplicates() {
    LaunchSpec granted =
        spec()
            .withGrants(List.of("Write", "Edit(//tmp/out/**)"), List.of(Path.of("/srv/out")))
            .withGrants(List.of("Edit(//tmp/out/**)"), List.of(Path.of("/srv/out")));
    assertThat(granted.allowedTools())
        .containsExactly("Bash(npm test:*)", "Read", "Write", "Edit(//tmp/out/**)");
    assertThat(granted.effectiveDirectories()).endsWith(Path.of("/srv/out"));
    assertThat(granted.effectiveDirectories()).doesNotHaveDuplicates();
  }

  @Test
  void resumeUsesTheEqualsFormAndRefusesIdsThatLookLikeFlags() {
    assertThat(spec().withResume("7d0c2f4e-1111-4a2b-9c3d-000000000001").command(Optional.empty()))
        .contains("--resume=7d0c2f4e-1111-4a2b-9c3d-000000000001");
    assertThatThrownBy(() -> spec().withResume("--dangerously-skip-permissions"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> spec().withResume("a b")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void childEnvironmentDropsTheVariablesOfAnEnclosingClaude() {
    assertThat(spec().childEnvironment()).containsOnlyKeys("PATH");
  }

  @Test
  void theBaselineNeverPassesBareWriteOrEditOnlyEditsScopedToTheWorkingDirectoryAndTmp() {
    assertThat(spec().baselineTools())
        .containsExactly("Bash", "Read", "Edit(//home/dev/project/**)", "Edit(//tmp/**)")
        .doesNotContain("Write", "Edit");
  }

  @Test
  void aWorkingDirectoryThatIsRootOrNoEscapeMakesExactGetsNoEditRule() {
    assertThat(LaunchSpec.defaults(CLAUDE, Path.of("/")).baselineTools())
        .containsExactly("Bash", "Read", "Edit(//tmp/**)");
    assertThat(LaunchSpec.defaults(CLAUDE, Path.of("/home/dev/what?")).baselineTools())
        .containsExactly("Bash", "Read", "Edit(//tmp/**)");
  }

  @Test
  void aWorkingDirectoryWithGlobCharactersGetsAnEscapedEditRule() {
    assertThat(LaunchSpec.defaults(CLAUDE, Path.of("/home/dev/[a-z]*")).baselineTools())
        .containsExactly("Bash", "Read", "Edit(//home/dev/\\[a-z\\]\\*/**)", "Edit(//tmp/**)");
  }

  @Test
  void aLinkedWorkingDirectoryIsScopedByItsPathAndByItsRealPath(@TempDir Path temp)
      throws Exception {
    Path real = Files.createDirectories(temp.resolve("real")).toRealPath();
    Path link = Files.createSymbolicLink(temp.resolve("link"), real);

    assertThat(LaunchSpec.defaults(CLAUDE, link).baselineTools())
        .contains("Edit(/" + link.toAbsolutePath() + "/**)", "Edit(/" + real + "/**)");
  }
}
