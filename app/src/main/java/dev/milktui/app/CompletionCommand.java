package dev.milktui.app;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code milk-tui completion [bash|zsh|fish]}: prints a shell completion script for the whole
 * command tree, generated from the root command so that it always matches the options and
 * subcommands.
 */
@Command(
    name = "completion",
    mixinStandardHelpOptions = true,
    description = {
      "Prints a shell completion script for milk-tui.",
      "bash: source <(milk-tui completion bash)   zsh: source <(milk-tui completion zsh)",
      "fish: milk-tui completion fish | source"
    })
public final class CompletionCommand implements Callable<Integer> {

  /** Lower case: picocli matches enum constants exactly as typed. */
  enum Shell {
    bash,
    zsh,
    fish
  }

  /**
   * zsh runs bash completion scripts once bashcompinit is loaded. picocli's script loads it too;
   * printing it first keeps the zsh script working whatever picocli version generated the rest.
   */
  static final String ZSH_PRELUDE = "autoload -U +X bashcompinit && bashcompinit\n";

  @Spec CommandSpec spec;

  @Parameters(
      paramLabel = "SHELL",
      arity = "0..1",
      defaultValue = "bash",
      description = "bash, zsh or fish (default: bash)")
  Shell shell;

  @Override
  public Integer call() {
    CommandSpec root = spec.root();
    PrintWriter out = spec.commandLine().getOut();
    switch (shell) {
      case bash -> out.print(AutoComplete.bash(root.name(), root.commandLine()));
      case zsh -> out.print(ZSH_PRELUDE + AutoComplete.bash(root.name(), root.commandLine()));
      case fish -> out.print(FishCompletion.script(root.commandLine()));
    }
    out.flush();
    return 0;
  }
}
