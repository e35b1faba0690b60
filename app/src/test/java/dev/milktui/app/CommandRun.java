package dev.milktui.app;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** One execution of a picocli command with its standard output and error captured. */
record CommandRun(int exitCode, String out, String err) {

  static CommandRun of(Object command, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine commandLine = new CommandLine(command);
    commandLine.setOut(new PrintWriter(out));
    commandLine.setErr(new PrintWriter(err));
    int exitCode = commandLine.execute(args);
    return new CommandRun(exitCode, out.toString(), err.toString());
  }
}
