package dev.milktui.core.grants;

import dev.milktui.core.text.TerminalText;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Decides what of a {@link GrantRequest} may be persisted, by the {@link GrantPolicy} the dialogs
 * offer from. Baseline pre-approvals are refused two ways, so that one bug elsewhere cannot persist
 * them: any rule tagged {@link RuleGrant.Origin#BASELINE}, and any wide rule (tool-wide, wildcards
 * only, a broad directory, lookalike letters) unless the user confirmed exactly that rule ({@link
 * RuleGrant.Origin#USER_CONFIRMED}). A rule the policy refuses (controls, too long, no tool name)
 * is never written. The always-added directories ({@code /tmp}, the session's working directory)
 * are refused whatever the origin.
 */
final class GrantValidator {

  /** The request, cleared for writing: rule strings and normalised absolute directories. */
  record Cleared(List<String> rules, List<String> directories) {}

  private final GrantPolicy policy;
  private final DirectoryPaths paths;

  GrantValidator(GrantPolicy policy) {
    this.policy = policy;
    this.paths = policy.paths();
  }

  Cleared check(GrantRequest request) throws GrantRefusedException {
    List<String> problems = new ArrayList<>();
    Set<String> rules = new LinkedHashSet<>();
    for (RuleGrant grant : request.rules()) {
      String rule = grant.rule().toString();
      if (grant.origin() == RuleGrant.Origin.BASELINE) {
        problems.add(rule + " is a session pre-approval and is never persisted");
        continue;
      }
      GrantPolicy.Rule assessed;
      try {
        assessed = policy.rule(rule);
      } catch (IllegalArgumentException e) {
        problems.add(describe(rule) + " is not saved: " + e.getMessage());
        continue;
      }
      if (assessed.needsChoice() && grant.origin() != RuleGrant.Origin.USER_CONFIRMED) {
        problems.add(
            rule + " allows " + assessed.meaning() + "; it needs the user's explicit confirmation");
      } else {
        rules.add(rule);
      }
    }
    Path base = request.sessionWorkingDirectory().orElse(Path.of("")).toAbsolutePath();
    Set<String> directories = new LinkedHashSet<>();
    for (String typed : request.directories()) {
      try {
        Path directory = paths.normalise(typed, base);
        if (isAlwaysAdded(directory, request)) {
          problems.add(directory + " is added to every session already and is never persisted");
        } else {
          paths
              .problem(directory, request.allowBroad())
              .ifPresentOrElse(problems::add, () -> directories.add(directory.toString()));
        }
      } catch (IllegalArgumentException e) {
        problems.add(e.getMessage());
      }
    }
    if (!problems.isEmpty()) {
      throw new GrantRefusedException(problems);
    }
    return new Cleared(List.copyOf(rules), List.copyOf(directories));
  }

  /** A refused rule as a message shows it: marked, and cut when absurdly long. */
  private static String describe(String rule) {
    String shown = TerminalText.revealInline(rule);
    return shown.length() > 80 ? shown.substring(0, 80) + "… (" + rule.length() + " chars)" : shown;
  }

  private static boolean isAlwaysAdded(Path directory, GrantRequest request) {
    return DirectoryPaths.sameDirectory(directory, Baseline.TEMP_DIRECTORY)
        || request
            .sessionWorkingDirectory()
            .map(cwd -> DirectoryPaths.sameDirectory(directory, cwd))
            .orElse(false);
  }
}
