package dev.milktui.app;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code milk-tui grants}: lists and edits the grants in Claude's user settings ({@code
 * permissions.allow} and {@code permissions.additionalDirectories}), the same file the grant dialog
 * writes to.
 */
@Command(
    name = "grants",
    mixinStandardHelpOptions = true,
    description = {
      "Lists and edits the permission grants in Claude's user settings.",
      "Exit codes: 0 done, 1 refused (unreadable settings, invalid rule or directory), 2 usage."
    },
    subcommands = {
      GrantsListCommand.class,
      GrantsAllowCommand.class,
      GrantsAddDirCommand.class,
      GrantsRevokeCommand.class
    })
public final class GrantsCommand implements Runnable {

  private final Environment environment;

  @Spec CommandSpec spec;

  public GrantsCommand() {
    this(Environment.system());
  }

  GrantsCommand(Environment environment) {
    this.environment = environment;
  }

  Environment environment() {
    return environment;
  }

  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "Missing subcommand");
  }
}
