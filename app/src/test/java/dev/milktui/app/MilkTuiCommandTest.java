package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class MilkTuiCommandTest {
  @TempDir Path home;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private final Map<String, String> variables = new HashMap<>();

  private int run(String... args) {
    variables.putIfAbsent("HOME", home.toString());
    CommandLine commandLine =
        MilkTuiCommand.commandLine(new MilkTuiCommand(new Environment(variables, home)), args);
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(err, true));
    return commandLine.execute(args);
  }

  @Test
  void helpListsTheOptionsAndTheDemo() {
    assertThat(run("--help")).isZero();
    assertThat(out.toString())
        .contains("--demo", "--claude", "--transport", "--no-baseline", "--continue", "scan");
  }

  @Test
  void onlyTheSubcommandsAnArgumentNamesAreRegisteredAndAllOfThemForHelp() {
    MilkTuiCommand root = new MilkTuiCommand();
    assertThat(MilkTuiCommand.commandLine(root, "-Vh").getSubcommands().keySet())
        .containsExactlyElementsOf(MilkTuiCommand.SUBCOMMANDS.keySet());
    assertThat(MilkTuiCommand.commandLine(root, "--demo", "x", "scan").getSubcommands())
        .containsOnlyKeys("scan");
    assertThat(MilkTuiCommand.commandLine(root, "replay", "scan").getSubcommands())
        .containsOnlyKeys("replay", "scan");
    assertThat(MilkTuiCommand.commandLine(root, "--demo", "fix the scan").getSubcommands())
        .isEmpty();
  }

  @Test
  void versionNamesMilkTuiTheClaudeItFoundAndTheVersionItIsTestedWith() {
    assertThat(run("--version")).isZero();
    assertThat(out.toString())
        .contains("milk-tui ")
        .contains("tested with " + ClaudeVersion.PINNED);
  }

  @Test
  void anUnknownTransportIsAUsageErrorWithExitCodeTwo() {
    assertThat(run("--transport", "carrier-pigeon")).isEqualTo(2);
    assertThat(err.toString())
        .contains("expected stream or one-shot")
        .endsWith("; see milk-tui --help\n")
        .doesNotContain("Usage:");
    assertThat(err.toString().lines()).hasSize(1);
  }

  @Test
  void anUnknownOptionIsOneLineWithTheLikelyOptionAndAHintToHelp() {
    assertThat(run("--modle", "opus")).isEqualTo(2);
    assertThat(err.toString())
        .isEqualTo(
            "milk-tui: unknown option '--modle' (did you mean --model?); see milk-tui --help\n");
  }

  @Test
  void anUnknownPermissionModeIsOneLineAndExitCodeTwo() {
    assertThat(run("--permission-mode", "yolo", "--demo")).isEqualTo(2);
    assertThat(err.toString())
        .isEqualTo(
            "milk-tui: --permission-mode: expected default, acceptEdits, plan, not 'yolo';"
                + " see milk-tui --help\n");
  }

  @Test
  void claudeMissingFromPathStopsBeforeTheScreenWithOneLineAndExitCodeOne() throws IOException {
    variables.put("PATH", Files.createDirectories(home.resolve("empty-bin")).toString());

    assertThat(run("hello")).isEqualTo(1);

    assertThat(err.toString())
        .startsWith("milk-tui: claude not found on PATH")
        .contains("--claude");
    assertThat(err.toString().lines()).hasSize(1);
  }

  @Test
  void aClaudeOptionThatIsNotExecutableIsNamedAndExitCodeOne() throws IOException {
    Path notExecutable = Files.writeString(home.resolve("claude"), "text");

    assertThat(run("--claude", notExecutable.toString())).isEqualTo(1);

    assertThat(err.toString())
        .isEqualTo("milk-tui: --claude " + notExecutable + ": not an executable file\n");
  }

  @Test
  void aClaudeWhoseVersionFailsIsReportedBeforeTheScreen() throws IOException {
    Path broken =
        Scripts.executable(home.resolve("bin/claude"), "echo 'node: not found'; exit 127");

    assertThat(run("--claude", broken.toString())).isEqualTo(1);

    assertThat(err.toString())
        .startsWith(
            "milk-tui: claude does not work: " + broken + " --version failed: exit code 127")
        .contains("node: not found");
    assertThat(err.toString().lines()).hasSize(1);
  }

  @Test
  void anUnparsableSettingsFileIsOneLineNamingTheFileAndExitCodeOne() throws IOException {
    Path settings = Files.writeString(home.resolve("settings.json"), "{\"permissions\": [");
    Path claude = Scripts.executable(home.resolve("bin/claude"), "echo '2.1.332 (Claude Code)'");

    assertThat(run("--claude", claude.toString(), "--settings", settings.toString())).isEqualTo(1);

    assertThat(err.toString()).startsWith("milk-tui: " + settings);
    assertThat(err.toString().lines()).hasSize(1);
  }

  @Test
  void aWorkingClaudeAndReadableSettingsPassTheChecksAndReachTheTerminal() throws IOException {
    Path claude = Scripts.executable(home.resolve("bin/claude"), "echo '2.1.332 (Claude Code)'");

    assertThat(run("--claude", claude.toString())).isEqualTo(1);

    assertThat(err.toString()).contains("needs an interactive terminal");
  }

  @Test
  void anExportIntoAFolderThatDoesNotExistIsRefusedAndNoFolderIsMade() {
    Path export = home.resolve("no-such-folder/session.md");

    assertThat(run("--demo", "--export", export.toString())).isEqualTo(2);

    assertThat(err.toString())
        .contains("--export " + export + ": the folder " + export.getParent() + " does not exist");
    assertThat(export.getParent()).doesNotExist();
  }

  @Test
  void aSettingsFileInAFolderThatDoesNotExistIsRefusedAndNoFolderIsMade() {
    Path settings = home.resolve("no-such-folder/settings.json");

    assertThat(run("--settings", settings.toString())).isEqualTo(2);

    assertThat(err.toString())
        .startsWith(
            "milk-tui: --settings "
                + settings
                + ": the folder "
                + settings.getParent()
                + " does not exist");
    assertThat(settings.getParent()).doesNotExist();
  }

  @Test
  void anExportNamingAFolderIsRefusedBeforeTheScreen() throws IOException {
    Path folder = Files.createDirectories(home.resolve("exports"));

    assertThat(run("--demo", "--export", folder.toString())).isEqualTo(2);

    assertThat(err.toString())
        .isEqualTo(
            "milk-tui: --export "
                + folder
                + ": is a folder; name a file to write; see milk-tui --help\n");
  }

  @Test
  void aResumeIdClaudeHasNoSessionOfIsOneLineBeforeTheScreen() throws IOException {
    String id = "123e4567-e89b-12d3-a456-426614174000";
    Path cwd = Files.createDirectories(home.resolve("project"));

    assertThat(run("--cwd", cwd.toString(), "--resume", id)).isEqualTo(1);

    assertThat(err.toString())
        .startsWith("milk-tui: --resume " + id + ": Claude has no session with this id for " + cwd);
    assertThat(err.toString().lines()).hasSize(1);
  }

  @Test
  void aResumeIdClaudeKeepsAndASessionTitlePassTheCheck() throws IOException {
    String id = "123e4567-e89b-12d3-a456-426614174000";
    Path cwd = Files.createDirectories(home.resolve("project"));
    Path sessions =
        Files.createDirectories(
            home.resolve(".claude/projects")
                .resolve(cwd.toString().replaceAll("[^a-zA-Z0-9]", "-")));
    Files.writeString(sessions.resolve(id + ".jsonl"), "{}\n");
    Path claude = Scripts.executable(home.resolve("bin/claude"), "echo '2.1.332 (Claude Code)'");

    assertThat(run("--claude", claude.toString(), "--cwd", cwd.toString(), "--resume", id))
        .isEqualTo(1);
    assertThat(run("--claude", claude.toString(), "--cwd", cwd.toString(), "--resume", "my-title"))
        .isEqualTo(1);

    assertThat(err.toString().lines())
        .allMatch(
            line ->
                line.contains("needs an interactive terminal")
                    || line.startsWith("Run it in a terminal"));
  }

  @Test
  void theDemoNeedsNoClaudeAndRemovesItsScratchFolder() throws IOException {
    variables.put("PATH", Files.createDirectories(home.resolve("empty-bin")).toString());
    Set<Path> before = demoFolders();

    assertThat(run("--demo")).isEqualTo(1);

    assertThat(err.toString())
        .contains("needs an interactive terminal")
        .doesNotContain("claude not");
    assertThat(demoFolders()).isSubsetOf(before);
  }

  private static Set<Path> demoFolders() throws IOException {
    try (Stream<Path> entries = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
      return entries
          // This process's own: a demo another process runs meanwhile is none of this test's.
          .filter(
              path ->
                  path.getFileName()
                      .toString()
                      .startsWith("milk-tui-demo-" + ProcessHandle.current().pid() + "-"))
          .collect(Collectors.toSet());
    }
  }

  @Test
  void resumeAndContinueTogetherAreRefused() {
    assertThat(run("--resume", "abc", "--continue")).isEqualTo(2);
    assertThat(err.toString()).contains("--resume and --continue cannot be used together");
  }

  @Test
  void resumeWithoutAnIdAsksForThePickerAndWithAnIdTakesIt() {
    MilkTuiCommand bare = new MilkTuiCommand();
    MilkTuiCommand.commandLine(bare, "--resume").parseArgs("--resume");
    assertThat(bare.resume).isEqualTo(MilkTuiCommand.PICK_SESSION);
    MilkTuiCommand given = new MilkTuiCommand();
    MilkTuiCommand.commandLine(given, "--resume", "abc").parseArgs("--resume", "abc");
    assertThat(given.resume).isEqualTo("abc");
    assertThat(run("--demo", "--resume")).as("no usage error; no terminal here").isEqualTo(1);
  }

  @Test
  void aSessionIdThatLooksLikeAFlagIsRefusedBeforeAnythingStarts() {
    assertThat(run("--resume=--dangerously-skip-permissions")).isEqualTo(2);
    assertThat(err.toString()).contains("not a valid session id");
  }

  @Test
  void aWorkingDirectoryThatDoesNotExistIsAUsageError() {
    assertThat(run("--cwd", home.resolve("nowhere").toString())).isEqualTo(2);
    assertThat(err.toString()).contains("--cwd " + home.resolve("nowhere") + ": no such directory");
  }

  /** What Java makes of a name whose bytes are not valid UTF-8: U+FFFD, a name nothing has. */
  @Test
  void aWorkingDirectoryWhoseNameCouldNotBeDecodedIsSaidToBeThatNotMissing() {
    Path undecodable = home.resolve("caf\uFFFD");

    assertThat(run("--cwd", undecodable.toString())).isEqualTo(2);
    assertThat(err.toString())
        .contains("--cwd: the name " + undecodable + " is not valid in this system's encoding")
        .doesNotContain("no such directory");
  }

  @Test
  void aWorkingDirectoryThatIsAFileIsAUsageError() throws IOException {
    Path file = Files.writeString(home.resolve("file"), "");
    assertThat(run("--cwd", file.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("--cwd " + file + ": not a directory");
  }

  @Test
  void aWorkingDirectoryThatCannotBeEnteredIsAUsageError() throws IOException {
    Path locked = Files.createDirectories(home.resolve("locked"));
    Files.setPosixFilePermissions(locked, Set.of());
    try {
      // root may enter any folder; the check is the kernel's, so it only shows for other users.
      Assumptions.assumeFalse(Files.isReadable(locked), "running as root");
      assertThat(run("--cwd", locked.toString())).isEqualTo(2);
      assertThat(err.toString()).contains("--cwd " + locked + ": permission denied");
    } finally {
      Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwx------"));
    }
  }

  @Test
  void withoutATerminalItSaysSoAndExitsOneInsteadOfDrawingGarbage() {
    assertThat(run("--demo")).isEqualTo(1);
    assertThat(err.toString()).contains("needs an interactive terminal").contains("scan");
  }
}
