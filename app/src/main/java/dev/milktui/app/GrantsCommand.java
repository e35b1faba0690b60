package dev.milktui.app;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code milk-tui grants}: lists the permission entries of every settings file Claude reads, adds
 * grants to Claude's user settings (the file the grant dialog writes to), and revokes from any
 * layer.
 */
@Command(
    name = "grants",
    mixinStandardHelpOptions = true,
    description = {
      "Lists the permission rules of every settings file Claude reads (user, project, local),"
          + " adds grants to the user settings, and revokes from any of them.",
      "Without a subcommand it lists (grants list).",
      "Exit codes: 0 done, 1 refused (unreadable settings, invalid rule or directory), 2 usage."
    },
    subcommands = {
      GrantsListCommand.class,
      GrantsAllowCommand.class,
      GrantsAddDirCommand.class,
      GrantsRevokeCommand.class
    })
public final class GrantsCommand implements Callable<Integer> {

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

  /** Without a subcommand it lists: the question asked most. */
  @Override
  public Integer call() {
    return spec.subcommands().get("list").execute();
  }
}
