package dev.milktui.core.why;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * The simple commands claude runs without a rule, as far as WhyRealCliIT has seen them: read-only
 * ones in any mode ({@code ls}, {@code echo}, …), and in acceptEdits the file commands ({@code
 * touch}, {@code mkdir}, …). Claude's own lists are longer and look at each option; a command not
 * named here is answered as needing a rule, which is the narrower side.
 */
final class BashCommands {
  private static final Set<String> READ_ONLY =
      Set.of("ls", "echo", "pwd", "cat", "wc", "head", "grep");
  private static final Set<String> FILE_COMMANDS = Set.of("touch", "mkdir");

  /** Plain words only: no expansion, redirection or quoting that could hide another command. */
  private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./ =,:+-]+");

  private BashCommands() {}

  static boolean readOnly(String part) {
    return named(part, READ_ONLY);
  }

  static boolean editsFiles(String part) {
    return named(part, FILE_COMMANDS);
  }

  private static boolean named(String part, Set<String> names) {
    String text = part.strip();
    if (!PLAIN.matcher(text).matches()) {
      return false;
    }
    return names.contains(text.split(" +")[0]);
  }
}
