package dev.milktui.app;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The {@code milk-tui} root command; each subcommand is self-contained. */
@Command(
    name = "milk-tui",
    mixinStandardHelpOptions = true,
    description = "A full-screen terminal front end for the Claude Code CLI.",
    subcommands = {ScanCommand.class})
public final class MilkTuiCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    // The screen is not wired in yet: show what there is.
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
