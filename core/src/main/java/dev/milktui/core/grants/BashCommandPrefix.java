package dev.milktui.core.grants;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The command prefix for a {@code Bash(<prefix>:*)} rule, offered only when the rule is genuinely
 * narrower than the tool-wide {@code Bash}:
 *
 * <ul>
 *   <li>only the first simple command counts: the text is cut at the first shell operator or
 *       redirection ({@code && || ; | & > < ( ) $ `} or a newline), so a rule never contains one;
 *   <li>a wrapper that runs its arguments as a command ({@code sudo}, {@code env}, {@code xargs},
 *       {@code timeout}, ...) or an interpreter ({@code bash}, {@code python3}, {@code node},
 *       {@code npx}, ...) takes the next word into the prefix ({@code sudo make}, {@code python3
 *       build.py}); without a plain next word (an option, a number, an assignment, nothing) no
 *       prefix is offered, since {@code Bash(sudo:*)} or {@code Bash(bash:*)} allows any command;
 *   <li>{@code eval}, {@code source}, {@code find}, {@code su}, {@code ssh} and a few others whose
 *       next word is not a command are always refused;
 *   <li>a tool whose second word names a subcommand ({@code npm test}, {@code git commit}) takes
 *       that word; an option before the subcommand ({@code git -C / push}) can change what the
 *       subcommand does, so no prefix is offered; a subcommand that itself runs a command ({@code
 *       npm exec}, {@code uv run}) is treated as a wrapper;
 *   <li>a first word that is not a plain command name (quotes, globs, variable assignments, ...)
 *       yields no prefix at all: the tool-wide rule is then the only offer.
 * </ul>
 */
final class BashCommandPrefix {

  private static final Set<String> WRAPPERS =
      Set.of(
          "sudo",
          "doas",
          "env",
          "xargs",
          "exec",
          "nohup",
          "timeout",
          "nice",
          "ionice",
          "command",
          "builtin",
          "time",
          "stdbuf",
          "setsid",
          "watch",
          "nsenter",
          "unshare",
          "parallel",
          "strace",
          "ltrace",
          "busybox",
          "caffeinate");
  private static final Set<String> INTERPRETERS =
      Set.of(
          "bash",
          "sh",
          "zsh",
          "dash",
          "ksh",
          "fish",
          "csh",
          "tcsh",
          "python",
          "python2",
          "python3",
          "node",
          "deno",
          "bun",
          "bunx",
          "npx",
          "pnpx",
          "perl",
          "ruby",
          "php",
          "lua",
          "tclsh",
          "osascript",
          "pwsh",
          "powershell",
          "java",
          "jshell",
          "groovy",
          "Rscript",
          "awk",
          "gawk",
          "sed",
          "make");

  /**
   * Run text rather than a command ({@code eval}, {@code source}, {@code find} through {@code
   * -exec} in any position), or take something other than a command as their next word and then run
   * any command ({@code su user}, {@code chroot dir}, {@code flock file}, {@code script file},
   * {@code ssh host} with a local {@code ProxyCommand}).
   */
  private static final Set<String> ALWAYS_REFUSED =
      Set.of("eval", "source", ".", "find", "su", "chroot", "flock", "script", "ssh");

  private static final Set<String> SUBCOMMAND_TOOLS =
      Set.of(
          "npm",
          "pnpm",
          "yarn",
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
          "rustup",
          "brew",
          "helm",
          "terraform",
          "bun",
          "deno");

  /** Subcommands that run whatever follows them. */
  private static final Map<String, Set<String>> RUNNERS =
      Map.ofEntries(
          Map.entry("npm", Set.of("exec", "x")),
          Map.entry("pnpm", Set.of("exec", "dlx")),
          Map.entry("yarn", Set.of("exec", "dlx")),
          Map.entry("uv", Set.of("run", "tool")),
          Map.entry("poetry", Set.of("run")),
          Map.entry("docker", Set.of("exec")),
          Map.entry("kubectl", Set.of("exec")),
          Map.entry("cargo", Set.of("run")),
          Map.entry("go", Set.of("run")),
          Map.entry("bun", Set.of("x", "run", "exec")),
          Map.entry("deno", Set.of("run", "eval", "task")));

  private static final String OPERATORS = "&|;<>()$`\n\r";
  private static final Pattern COMMAND_WORD = Pattern.compile("[A-Za-z0-9_./+@-]+");

  /** A word that names a command or script: not an option, a number or an assignment. */
  private static final Pattern NEXT_WORD = Pattern.compile("[A-Za-z_./@][A-Za-z0-9_./+@-]*");

  private static final Pattern SUBCOMMAND_WORD = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.:-]*");

  private BashCommandPrefix() {}

  static Optional<String> of(String command) {
    List<String> words = List.of(firstSimpleCommand(command).strip().split("\\s+"));
    String first = words.get(0);
    if (!COMMAND_WORD.matcher(first).matches()) {
      return Optional.empty();
    }
    return prefix(words, 0);
  }

  private static Optional<String> prefix(List<String> words, int at) {
    String word = words.get(at);
    String name = word.substring(word.lastIndexOf('/') + 1);
    boolean hasNext = at + 1 < words.size();
    if (ALWAYS_REFUSED.contains(name) || name.isEmpty()) {
      return Optional.empty();
    }
    if (SUBCOMMAND_TOOLS.contains(word) && hasNext) {
      String sub = words.get(at + 1);
      if (!SUBCOMMAND_WORD.matcher(sub).matches()) {
        return Optional.empty();
      }
      String both = word + " " + sub;
      if (RUNNERS.getOrDefault(word, Set.of()).contains(sub)) {
        return at + 2 < words.size() && NEXT_WORD.matcher(words.get(at + 2)).matches()
            ? nextOf(both, words, at + 2)
            : Optional.empty();
      }
      return Optional.of(both);
    }
    if (WRAPPERS.contains(name) || INTERPRETERS.contains(name)) {
      return hasNext && NEXT_WORD.matcher(words.get(at + 1)).matches()
          ? nextOf(word, words, at + 1)
          : Optional.empty();
    }
    return Optional.of(word);
  }

  /** {@code head} followed by the prefix of the command that starts at {@code at}. */
  private static Optional<String> nextOf(String head, List<String> words, int at) {
    return prefix(words, at).map(rest -> head + " " + rest);
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
