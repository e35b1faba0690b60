package dev.milktui.core.scan;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.grants.PermissionRule;
import dev.milktui.core.grants.RuleSuggester;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The {@code milk-tui grants allow} command that would have let a transcript's stream-closed calls
 * run: for each call the narrowest rule the grant dialog would offer (a command prefix, a
 * directory), the tool-wide rule only where there is no narrower one. Fed call by call while a
 * transcript is read; keeps only the distinct rules, at most {@link #MAX_RULES} of them.
 */
final class StreamClosedFix {
  /** Beyond this many distinct rules a command line stops being a useful suggestion. */
  static final int MAX_RULES = 100;

  private final Set<String> rules = new LinkedHashSet<>();

  /** Adds a call's rule ({@link #ruleFor}); beyond {@link #MAX_RULES} distinct ones, none. */
  void add(Optional<String> rule) {
    if (rules.size() < MAX_RULES) {
      rule.ifPresent(rules::add);
    }
  }

  /** False once the rule limit is reached: further calls need no rule. */
  boolean wantsMore() {
    return rules.size() < MAX_RULES;
  }

  /** The narrowest rule for a call made in {@code workingDirectory} (null when unknown). */
  static Optional<String> ruleFor(String workingDirectory, String tool, JsonNode input) {
    return new RuleSuggester(Path.of(workingDirectory == null ? "" : workingDirectory))
        .suggest(tool, input).rules().stream().findFirst().map(PermissionRule::toString);
  }

  List<String> rules() {
    return List.copyOf(rules);
  }

  /** The command, shell-quoted; empty when no call failed with "Stream closed". */
  static Optional<String> grantsCommand(ScanReport report) {
    if (report.fixRules().isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        "milk-tui grants allow "
            + report.fixRules().stream()
                .map(StreamClosedFix::quoted)
                .collect(Collectors.joining(" ")));
  }

  /** One shell word: single quotes, with each quote inside closed, escaped and reopened. */
  static String quoted(String text) {
    return "'" + text.replace("'", "'\\''") + "'";
  }
}
