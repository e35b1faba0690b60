package dev.milktui.core.grants;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The command prefix for a {@code Bash(<prefix>:*)} rule, chosen so that the rule covers re-runs of
 * the same command and nothing surprising:
 *
 * <ul>
 *   <li>only the first simple command counts: the text is cut at the first shell operator or
 *       redirection ({@code && || ; | & > < ( ) $ `} or a newline), so a rule never contains one;
 *   <li>the prefix is the first word, plus the second word when the first is a tool whose second
 *       word names a subcommand ({@code npm test}, {@code git commit}, {@code cargo build}, {@code
 *       mvn verify}) and that word looks like one (letters, digits, {@code - _ . :}, not an
 *       option);
 *   <li>a first word that is not a plain command name (quotes, globs, variable assignments, ...)
 *       yields no prefix at all: the tool-wide rule is then the only offer.
 * </ul>
 */
final class BashCommandPrefix {

  private static final Set<String> SUBCOMMAND_TOOLS =
      Set.of(
          "npm",
          "pnpm",
          "yarn",
          "bun",
          "npx",
          "git",
          "cargo",
          "go",
          "mvn",
          "./mvnw",
          "gradle",
          "./gradlew",
          "docker",
          "kubectl",
          "dotnet",
          "pip",
          "pip3",
          "uv",
          "poetry",
          "gh",
          "make",
          "deno",
          "rustup",
          "brew",
          "helm",
          "terraform");
  private static final String OPERATORS = "&|;<>()$`\n\r";
  private static final Pattern COMMAND_WORD = Pattern.compile("[A-Za-z0-9_./+@-]+");
  private static final Pattern SUBCOMMAND_WORD = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.:-]*");

  private BashCommandPrefix() {}

  static Optional<String> of(String command) {
    List<String> words = List.of(firstSimpleCommand(command).strip().split("\\s+"));
    String first = words.get(0);
    if (!COMMAND_WORD.matcher(first).matches()) {
      return Optional.empty();
    }
    if (words.size() > 1
        && SUBCOMMAND_TOOLS.contains(first)
        && SUBCOMMAND_WORD.matcher(words.get(1)).matches()) {
      return Optional.of(first + " " + words.get(1));
    }
    return Optional.of(first);
  }

  private static String firstSimpleCommand(String command) {
    for (int i = 0; i < command.length(); i++) {
      if (OPERATORS.indexOf(command.charAt(i)) >= 0) {
        return command.substring(0, i);
      }
    }
    return command;
  }
}
