package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class MilkTuiCommandTest {
  @TempDir Path home;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    CommandLine commandLine =
        MilkTuiCommand.commandLine(
            new MilkTuiCommand(new Environment(Map.of("HOME", home.toString()), home)), args);
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
  void subcommandsAreRegisteredUnderTheirOwnNamesOnlyWhenAnArgumentMayNeedThem() {
    MilkTuiCommand root = new MilkTuiCommand();
    assertThat(MilkTuiCommand.commandLine(root, "-Vh").getSubcommands().keySet())
        .containsExactlyElementsOf(MilkTuiCommand.SUBCOMMANDS.keySet());
    assertThat(MilkTuiCommand.commandLine(root, "--demo", "x", "scan").getSubcommands())
        .containsOnlyKeys(MilkTuiCommand.SUBCOMMANDS.keySet());
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
    assertThat(err.toString()).contains("expected stream or one-shot").contains("Usage:");
  }

  @Test
  void resumeAndContinueTogetherAreRefused() {
    assertThat(run("--resume", "abc", "--continue")).isEqualTo(2);
    assertThat(err.toString()).contains("--resume and --continue cannot be used together");
  }

  @Test
  void aSessionIdThatLooksLikeAFlagIsRefusedBeforeAnythingStarts() {
    assertThat(run("--resume=--dangerously-skip-permissions")).isEqualTo(2);
    assertThat(err.toString()).contains("not a valid session id");
  }

  @Test
  void aWorkingDirectoryThatDoesNotExistIsAUsageError() {
    assertThat(run("--cwd", home.resolve("nowhere").toString())).isEqualTo(2);
    assertThat(err.toString()).contains("not a directory");
  }

  @Test
  void withoutATerminalItSaysSoAndExitsOneInsteadOfDrawingGarbage() {
    assertThat(run("--demo")).isEqualTo(1);
    assertThat(err.toString()).contains("needs an interactive terminal").contains("scan");
  }
}
