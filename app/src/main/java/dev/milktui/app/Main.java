package dev.milktui.app;

import picocli.CommandLine;

/** Entry point of the milk-tui command. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    System.exit(new CommandLine(new MilkTuiCommand()).execute(args));
  }
}
