package dev.milktui.core.why;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which simple commands claude runs without a rule (docs/why.md says how each was confirmed).
 *
 * <ul>
 *   <li>{@link Kind#RUNS}: seen to run with no rule — the read-only commands {@code ls}, {@code
 *       echo}, {@code pwd}, {@code cat}, {@code wc}, {@code head}, {@code grep}, {@code git
 *       status}; in acceptEdits the pinned CLI's file commands ({@code mkdir}, {@code touch},
 *       {@code rm}, {@code rmdir}, {@code mv}, {@code cp}) — as plain words whose paths stay in the
 *       working directory.
 *   <li>{@link Kind#MAYBE}: claude runs it without asking only when its own checks pass (each
 *       option of a read-only command, a path outside the working directory, {@code sed}'s script),
 *       which this explanation does not repeat.
 *   <li>{@link Kind#NEEDS_RULE}: anything else, or a command with expansion, quoting or
 *       redirection.
 * </ul>
 */
final class BashCommands {

  /** What claude does with one simple command when no rule names it. */
  enum Kind {
    RUNS,
    MAYBE,
    NEEDS_RULE
  }

  private static final Set<String> READ_ONLY =
      Set.of("ls", "echo", "pwd", "cat", "wc", "head", "grep", "git status");

  /** More of claude's read-only list, whose options and paths it checks one by one. */
  private static final Set<String> READ_ONLY_CHECKED =
      Set.of(
          "tail",
          "sort",
          "uniq",
          "cut",
          "tr",
          "find",
          "stat",
          "file",
          "diff",
          "du",
          "df",
          "which",
          "whoami",
          "date",
          "true",
          "false",
          "sleep",
          "printf",
          "basename",
          "dirname",
          "realpath",
          "readlink",
          "test",
          "id",
          "uname",
          "hostname",
          "env",
          "tree",
          "less",
          "more",
          "nl",
          "rev",
          "tac",
          "jq",
          "awk",
          "sed",
          "git log",
          "git show",
          "git diff",
          "git branch",
          "git blame",
          "git reflog",
          "git shortlog",
          "git rev-list",
          "git rev-parse",
          "git ls-files",
          "git remote",
          "git tag",
          "git describe",
          "git grep",
          "git cat-file",
          "git merge-base",
          "git stash list",
          "git worktree list",
          "git config");

  /** The pinned CLI's acceptEdits list ({@code sed} too, after its own script check). */
  private static final Set<String> FILE_COMMANDS =
      Set.of("mkdir", "touch", "rm", "rmdir", "mv", "cp");

  /** Plain words only: no expansion, redirection or quoting that could hide another command. */
  private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./ =,:+-]+");

  /** A plain command writing its output to one plain file: {@code echo hi > b.txt}. */
  private static final Pattern REDIRECTED =
      Pattern.compile("([A-Za-z0-9_./ =,:+-]+?) *>>? *([A-Za-z0-9_./,:+-]+)");

  private BashCommands() {}

  static Kind kind(String part, boolean acceptEdits) {
    String text = part.strip();
    Matcher redirected = REDIRECTED.matcher(text);
    if (acceptEdits && redirected.matches()) {
      // claude checks where the output goes (WhyRealCliIT seed 1000: `echo hi > b.txt` ran).
      Kind command = kind(redirected.group(1), true);
      return command != Kind.NEEDS_RULE && staysInside(List.of(redirected.group(2)))
          ? Kind.MAYBE
          : Kind.NEEDS_RULE;
    }
    if (!PLAIN.matcher(text).matches()) {
      return Kind.NEEDS_RULE;
    }
    List<String> words = Arrays.asList(text.split(" +"));
    String name = words.get(0);
    String twoWords = words.size() > 1 ? name + " " + words.get(1) : name;
    List<String> arguments = words.subList(1, words.size());
    if (READ_ONLY.contains(name) || READ_ONLY.contains(twoWords)) {
      // Options are claude's to check one by one: only a command without any is sure.
      if (name.equals("git")) {
        return arguments.size() == 1 ? Kind.RUNS : Kind.MAYBE;
      }
      boolean noOptions = arguments.stream().noneMatch(a -> a.startsWith("-"));
      return noOptions && staysInside(arguments) ? Kind.RUNS : Kind.MAYBE;
    }
    if (acceptEdits && FILE_COMMANDS.contains(name)) {
      // claude lets touch through only when every argument starts like a file name, not "-".
      if (name.equals("touch") && arguments.stream().anyMatch(a -> a.startsWith("-"))) {
        return Kind.NEEDS_RULE;
      }
      return staysInside(arguments) ? Kind.RUNS : Kind.MAYBE;
    }
    if (READ_ONLY_CHECKED.contains(name)
        || READ_ONLY_CHECKED.contains(twoWords)
        || (acceptEdits && name.equals("sed"))) {
      return Kind.MAYBE;
    }
    return Kind.NEEDS_RULE;
  }

  /** Every argument an option or a relative path that does not climb out. */
  private static boolean staysInside(List<String> arguments) {
    return arguments.stream()
        .allMatch(
            a ->
                a.startsWith("-")
                    || (!a.startsWith("/")
                        && !a.startsWith("~")
                        && !Arrays.asList(a.split("/")).contains("..")));
  }
}
