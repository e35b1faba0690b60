package dev.milktui.core.grants;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Decides what of a {@link GrantRequest} may be persisted. Baseline pre-approvals are refused two
 * ways, so that one bug elsewhere cannot persist them: any rule tagged {@link
 * RuleGrant.Origin#BASELINE}, and any rule that grants as much as a baseline tool unless the user
 * confirmed exactly that rule ({@link RuleGrant.Origin#USER_CONFIRMED}). The always-added
 * directories ({@code /tmp}, the session's working directory) are refused whatever the origin.
 */
final class GrantValidator {

  /** The request, cleared for writing: rule strings and normalised absolute directories. */
  record Cleared(List<String> rules, List<String> directories) {}

  private final DirectoryPaths paths;

  GrantValidator(DirectoryPaths paths) {
    this.paths = paths;
  }

  Cleared check(GrantRequest request) throws GrantRefusedException {
    List<String> problems = new ArrayList<>();
    Set<String> rules = new LinkedHashSet<>();
    for (RuleGrant grant : request.rules()) {
      if (grant.origin() == RuleGrant.Origin.BASELINE) {
        problems.add(grant.rule() + " is a session pre-approval and is never persisted");
      } else if (Baseline.isBaselineEquivalent(grant.rule())
          && grant.origin() != RuleGrant.Origin.USER_CONFIRMED) {
        problems.add(
            grant.rule()
                + " allows the tool everywhere; it needs the user's explicit confirmation");
      } else {
        rules.add(grant.rule().toString());
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

  private static boolean isAlwaysAdded(Path directory, GrantRequest request) {
    return DirectoryPaths.sameDirectory(directory, Baseline.TEMP_DIRECTORY)
        || request
            .sessionWorkingDirectory()
            .map(cwd -> DirectoryPaths.sameDirectory(directory, cwd))
            .orElse(false);
  }
}
