package dev.milktui.core.text;

import java.util.ArrayList;
import java.util.List;

/**
 * What may go into the log file. Prompts and message texts stay out of it: the log outlives the
 * session, is attached to bug reports and may hold what the user asked; their length is enough to
 * tell one from another.
 */
public final class LogText {

  private LogText() {}

  /** {@code [42 characters]} in place of the text. */
  public static String elided(String text) {
    return text == null ? "[none]" : "[" + text.length() + " characters]";
  }

  /** The argv with every argument after {@code --} (the one-shot prompt) elided. */
  public static List<String> argv(List<String> argv) {
    List<String> shown = new ArrayList<>(argv.size());
    boolean afterSeparator = false;
    for (String argument : argv) {
      shown.add(afterSeparator ? elided(argument) : argument);
      afterSeparator |= argument.equals("--");
    }
    return shown;
  }
}
