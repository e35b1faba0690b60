package dev.milktui.app;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/**
 * How a command says no: each reason on stderr, prefixed with the command's name, and exit code 1.
 * Usage errors stay picocli's (exit code 2); this is for requests that were understood but refused.
 */
final class Refusal {

  static final int EXIT_CODE = 1;

  private Refusal() {}

  static int print(CommandSpec spec, List<String> reasons) {
    PrintWriter err = spec.commandLine().getErr();
    reasons.forEach(reason -> err.println(spec.qualifiedName() + ": " + reason));
    err.flush();
    return EXIT_CODE;
  }

  static int print(CommandSpec spec, String reason) {
    return print(spec, List.of(reason));
  }
}
