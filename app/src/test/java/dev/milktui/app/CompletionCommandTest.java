package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

class CompletionCommandTest {

  /** Stands in for the real root: the script must come from whatever root it is mounted under. */
  @Command(
      name = "milk-tui",
      subcommands = {GrantsCommand.class, TrustCommand.class, CompletionCommand.class})
  static final class TestRoot implements Runnable {
    @Option(names = "--demo")
    boolean demo;

    @Option(names = "--model")
    String model;

    @Override
    public void run() {}
  }

  @Test
  void bashScriptCompletesTheRootsOptionsAndSubcommands() {
    CommandRun run = CommandRun.of(new TestRoot(), "completion");

    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("complete -F _complete_milk-tui", "--demo", "--model")
        .contains("grants", "trust", "completion", "add-dir", "revoke");
    assertThat(run.out()).doesNotStartWith(CompletionCommand.ZSH_PRELUDE);
  }

  @Test
  void zshScriptStartsWithTheBashcompinitPrelude() {
    CommandRun run = CommandRun.of(new TestRoot(), "completion", "zsh");

    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).startsWith(CompletionCommand.ZSH_PRELUDE).contains("--demo", "grants");
  }

  @Test
  void fishScriptGuardsEachOptionAndSubcommandByTheCommandBeingTyped() {
    CommandRun run = CommandRun.of(new TestRoot(), "completion", "fish");

    assertThat(run.exitCode()).isZero();
    String atRoot = "'not __fish_seen_subcommand_from grants trust completion'";
    assertThat(run.out().lines())
        .contains("complete -c milk-tui -f")
        .contains("complete -c milk-tui -n " + atRoot + " -l demo")
        .contains("complete -c milk-tui -n " + atRoot + " -l model -x")
        .anyMatch(l -> l.startsWith("complete -c milk-tui -n " + atRoot + " -a 'grants' -d "))
        .anyMatch(
            l ->
                l.startsWith(
                        "complete -c milk-tui -n '__fish_seen_subcommand_from grants; and not"
                            + " __fish_seen_subcommand_from ")
                    && l.contains(" -a 'revoke' -d "));
  }

  @Test
  void fishQuotingEscapesQuotesAndBackslashes() {
    assertThat(FishCompletion.quote("it's a \\ path")).isEqualTo("'it\\'s a \\\\ path'");
  }

  @Test
  void unknownShellIsAUsageError() {
    CommandRun run = CommandRun.of(new TestRoot(), "completion", "tcsh");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("Usage:", "bash, zsh, fish");
  }
}
