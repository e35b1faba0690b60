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

  /**
   * picocli's line that offers subcommands and positionals together through {@code compgen -W},
   * which expands its word list: file and host names put there ran as {@code $(…)} and backticks.
   */
  static final String UNSAFE_LINE =
      "COMPREPLY=( $(compgen -W \"${commands// /$'\\n'}${IFS}${positionals}\" -- \"${curr_word}\") )";

  /**
   * The same offer with only the command names through {@code compgen -W} (they are ours), and the
   * positionals, already matched by picocli's {@code compgen -f}/{@code -A hostname}, added as they
   * are, one line each. Works in bash and in zsh's bashcompinit.
   */
  static final String SAFE_LINES =
      "COMPREPLY=( $(compgen -W \"${commands// /$'\\n'}\" -- \"${curr_word}\") )\n"
          + "    local positional\n"
          + "    while IFS= read -r positional; do\n"
          + "      [[ -n \"${positional}\" ]] && COMPREPLY+=( \"${positional}\" )\n"
          + "    done <<< \"${positionals}\"";

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
      case bash -> out.print(bash(root));
      case zsh -> out.print(ZSH_PRELUDE + bash(root));
      case fish -> out.print(FishCompletion.script(root.commandLine()));
    }
    out.flush();
    return 0;
  }

  /** picocli's bash script with the line that expanded file names replaced. */
  static String bash(CommandSpec root) {
    String script = AutoComplete.bash(root.name(), root.commandLine());
    if (!script.contains(UNSAFE_LINE)) {
      throw new IllegalStateException(
          "picocli's bash completion changed; check it for compgen -W over file names");
    }
    return script.replace(UNSAFE_LINE, SAFE_LINES);
  }
}
