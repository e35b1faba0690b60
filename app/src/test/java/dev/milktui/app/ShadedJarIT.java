package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.io.OwnerOnlyFiles;
import dev.milktui.core.testkit.RealClaude;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shaded jar starts on its own, in a separate JVM, as users run it. */
class ShadedJarIT {
  private static final String PINNED = System.getProperty("milk.claudeVersion");

  @TempDir Path home;

  private record Run(int exitCode, String output) {}

  private Run run(String... args) throws IOException, InterruptedException {
    return run(Map.of(), args);
  }

  private Run run(Map<String, String> extra, String... args)
      throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(List.of("java", "-jar", DemoInTerminalIT.jar().toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    DemoInTerminalIT.isolated(builder, home);
    builder.environment().putAll(extra);
    builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return new Run(process.exitValue(), output);
  }

  @Test
  void versionPrintsMilkTuiAndTheDetectedClaudeVersion() throws Exception {
    Run run = run("--version");
    assertThat(run.exitCode()).isZero();
    assertThat(run.output())
        .contains("milk-tui 0.1.0")
        .containsPattern(
            "claude "
                + Pattern.quote(PINNED)
                + " at .*claude \\(milk-tui is tested with "
                + Pattern.quote(PINNED)
                + "\\)");
  }

  @Test
  void doctorFindsThePinnedClaudeAndPrintsNothingButItsReport() throws Exception {
    Run run = run("doctor", "--claude", RealClaude.binary().toString(), "--cwd", home.toString());
    assertThat(run.output()).contains(PINNED).doesNotContain("Exception").doesNotContain("INFO");
    assertThat(run.output().lines()).allMatch(l -> l.matches("^(OK|WARN|FAIL)\\b.*|^\\s.*|^$"));
  }

  @Test
  void theDefaultLogAndItsFoldersAreReadableByTheUserOnly() throws Exception {
    Run run = run("--version");

    assertThat(run.exitCode()).isZero();
    Path state = home.resolve(".local/state/milk-tui");
    assertThat(Files.getPosixFilePermissions(state)).isEqualTo(OwnerOnlyFiles.DIRECTORY_MODE);
    assertThat(Files.getPosixFilePermissions(state.resolve("milk-tui.log")))
        .isEqualTo(OwnerOnlyFiles.FILE_MODE);
  }

  @Test
  void aLogFileInAFolderThatDoesNotExistIsRefusedNotCreated() throws Exception {
    Path log = home.resolve("no-such-folder/milk-tui.log");

    Run run = run("--log-file", log.toString(), "--version");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.output()).contains("--log-file", "does not exist");
    assertThat(log.getParent()).doesNotExist();
  }

  @Test
  void withoutATerminalTheUiRefusesClearlyInsteadOfDrawing() throws Exception {
    Run run = run("--demo");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.output()).contains("needs an interactive terminal");
  }

  @Test
  void aMistypedOptionSuggestsTheRightOneAndExitsTwoWithoutAStackTrace() throws Exception {
    Run run = run("--no-such-option");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.output())
        .isEqualTo(
            "milk-tui: unknown option '--no-such-option' (did you mean --no-baseline?);"
                + " see milk-tui --help\n");
  }

  @Test
  void aMissingClaudeIsOneLineAndExitCodeOneBeforeAnyScreen() throws Exception {
    Run run = run("--claude", home.resolve("no-claude").toString(), "hello");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.output())
        .isEqualTo(
            "milk-tui: --claude " + home.resolve("no-claude") + ": not an executable file\n");
  }

  /** A file where the state folder should be fails for root too, unlike a read-only mode. */
  @Test
  void grantsAreSavedWhenTheStateFolderCannotBeWrittenAndNothingElseIsPrinted() throws Exception {
    Path blocked = Files.writeString(home.resolve("state-is-a-file"), "not a folder");
    Path settings = home.resolve("settings.json");

    Run run =
        run(
            Map.of("XDG_STATE_HOME", blocked.toString()),
            "grants",
            "allow",
            "--settings",
            settings.toString(),
            "Bash(npm test:*)");

    assertThat(run.exitCode()).as(run.output()).isZero();
    assertThat(run.output()).doesNotContain("LOGGER ERROR").doesNotContain("Exception");
    assertThat(settings).content().contains("Bash(npm test:*)");
    assertThat(blocked).hasContent("not a folder");
  }
}
