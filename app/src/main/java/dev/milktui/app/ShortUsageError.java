package dev.milktui.app;

import dev.milktui.core.text.TerminalText;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * A usage error as one line and a pointer to {@code --help}, e.g. {@code milk-tui: unknown option
 * '--modle' (did you mean --model?); see milk-tui --help}, instead of the whole usage text.
 */
final class ShortUsageError implements CommandLine.IParameterExceptionHandler {

  @Override
  public int handleParseException(ParameterException e, String[] args) {
    CommandLine commandLine = e.getCommandLine();
    String command = commandLine.getCommandSpec().qualifiedName();
    PrintWriter err = commandLine.getErr();
    err.println(command + ": " + describe(e) + "; see " + command + " --help");
    err.flush();
    return commandLine.getCommandSpec().exitCodeOnInvalidInput();
  }

  /** The problem in a few words; arguments are the user's but may hold anything, so made safe. */
  static String describe(ParameterException e) {
    if (e instanceof UnmatchedArgumentException unmatched && unmatched.isUnknownOption()) {
      String option = unmatched.getUnmatched().get(0).split("=", 2)[0];
      List<String> suggestions = unmatched.getSuggestions();
      return "unknown option '"
          + TerminalText.oneLine(option)
          + "'"
          + (suggestions.isEmpty() ? "" : " (did you mean " + suggestions.get(0) + "?)");
    }
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return TerminalText.oneLine(message);
  }
}
