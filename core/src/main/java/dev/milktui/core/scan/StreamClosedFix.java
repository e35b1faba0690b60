package dev.milktui.core.scan;

import dev.milktui.core.grants.PermissionRule;
import dev.milktui.core.grants.RuleSuggester;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The {@code milk-tui grants allow} command that would have let a transcript's stream-closed calls
 * run: for each call the narrowest rule the grant dialog would offer (a command prefix, a
 * directory), the tool-wide rule only where there is no narrower one.
 */
public final class StreamClosedFix {

  private StreamClosedFix() {}

  /** The command, shell-quoted; empty when no call failed with "Stream closed". */
  public static Optional<String> grantsCommand(ScanReport report) {
    Path workingDirectory =
        Path.of(report.workingDirectory() == null ? "" : report.workingDirectory());
    RuleSuggester suggester = new RuleSuggester(workingDirectory);
    Set<String> rules = new LinkedHashSet<>();
    for (ScanReport.Tool call : report.streamClosed()) {
      suggester.suggest(call.name(), call.input()).rules().stream()
          .findFirst()
          .map(PermissionRule::toString)
          .ifPresent(rules::add);
    }
    if (rules.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        "milk-tui grants allow "
            + rules.stream().map(StreamClosedFix::quoted).collect(Collectors.joining(" ")));
  }

  /** One shell word: single quotes, with each quote inside closed, escaped and reopened. */
  static String quoted(String text) {
    return "'" + text.replace("'", "'\\''") + "'";
  }
}
