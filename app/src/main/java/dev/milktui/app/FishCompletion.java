package dev.milktui.app;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A fish completion script for a picocli command tree. picocli generates bash (and so zsh) scripts
 * but not fish, whose completions are declarative {@code complete} lines: one per option and
 * subcommand, each guarded by a condition saying which command the line being typed is in.
 */
final class FishCompletion {
  private final String program;
  private final List<String> lines = new ArrayList<>();

  private FishCompletion(String program) {
    this.program = program;
  }

  /** The whole script for {@code root} and every subcommand below it. */
  static String script(CommandLine root) {
    FishCompletion fish = new FishCompletion(root.getCommandName());
    fish.lines.add("# fish completion for " + fish.program + ", generated from its command model");
    fish.lines.add("complete -c " + fish.program + " -f");
    fish.command(root, List.of());
    return String.join("\n", fish.lines) + "\n";
  }

  private void command(CommandLine command, List<String> path) {
    String here = condition(command, path);
    for (OptionSpec option : command.getCommandSpec().options()) {
      if (!option.hidden()) {
        lines.add(option(option, here));
      }
    }
    command
        .getSubcommands()
        .forEach(
            (name, sub) -> {
              if (!sub.getCommandSpec().usageMessage().hidden()
                  && name.equals(sub.getCommandName())) {
                lines.add(
                    "complete -c "
                        + program
                        + " -n "
                        + quote(here)
                        + " -a "
                        + quote(name)
                        + " -d "
                        + quote(firstLine(sub.getCommandSpec())));
                List<String> subPath = new ArrayList<>(path);
                subPath.add(name);
                command(sub, subPath);
              }
            });
  }

  /**
   * Fish's test for "the words typed so far put us in this command": every name on the path has
   * been seen, and none of this command's own subcommands has.
   */
  private static String condition(CommandLine command, List<String> path) {
    List<String> tests = new ArrayList<>();
    for (String name : path) {
      tests.add("__fish_seen_subcommand_from " + name);
    }
    List<String> subcommands = new ArrayList<>(command.getSubcommands().keySet());
    if (!subcommands.isEmpty()) {
      tests.add("not __fish_seen_subcommand_from " + String.join(" ", subcommands));
    }
    return tests.isEmpty() ? "true" : String.join("; and ", tests);
  }

  private String option(OptionSpec option, String condition) {
    StringBuilder line =
        new StringBuilder("complete -c ").append(program).append(" -n ").append(quote(condition));
    for (String name : option.names()) {
      if (name.startsWith("--")) {
        line.append(" -l ").append(name.substring(2));
      } else if (name.length() == 2 && name.startsWith("-")) {
        line.append(" -s ").append(name.substring(1));
      }
    }
    if (option.arity().max() > 0) {
      List<String> candidates = new ArrayList<>();
      if (option.completionCandidates() != null) {
        option.completionCandidates().forEach(candidates::add);
      }
      // -x: a value is required and files are not offered; -r -F: the value is a path.
      if (!candidates.isEmpty()) {
        line.append(" -x -a ").append(quote(String.join(" ", candidates)));
      } else if (isPath(option)) {
        line.append(" -r -F");
      } else {
        line.append(" -x");
      }
    }
    String description = option.description().length > 0 ? option.description()[0] : "";
    if (!description.isEmpty()) {
      line.append(" -d ").append(quote(description));
    }
    return line.toString();
  }

  private static boolean isPath(OptionSpec option) {
    String label = option.paramLabel().toUpperCase(Locale.ROOT);
    return option.type() == Path.class
        || label.contains("FILE")
        || label.contains("DIR")
        || label.contains("PATH");
  }

  private static String firstLine(CommandSpec spec) {
    String[] description = spec.usageMessage().description();
    return description.length > 0 ? description[0] : "";
  }

  /** Single-quoted for fish, where only backslash and the quote itself are special. */
  static String quote(String text) {
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
  }
}
