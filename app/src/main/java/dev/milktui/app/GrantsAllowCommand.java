package dev.milktui.app;

import dev.milktui.core.grants.ClaudeToolNames;
import dev.milktui.core.grants.GrantRefusedException;
import dev.milktui.core.grants.GrantRequest;
import dev.milktui.core.grants.GrantResult;
import dev.milktui.core.grants.RuleGrant;
import dev.milktui.core.grants.SettingsException;
import dev.milktui.core.grants.SettingsStore;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code milk-tui grants allow RULE...}: adds rules to {@code permissions.allow}. */
@Command(
    name = "allow",
    mixinStandardHelpOptions = true,
    description = {
      "Adds permission rules, e.g. Write, 'Bash(npm test:*)', 'Edit(//abs/dir/**)'.",
      "A rule typed here counts as confirmed, so even a tool-wide Bash or Write is saved.",
      "A rule for a tool Claude does not have (names are case-sensitive: Bash, not bash) is"
          + " saved with a warning."
    })
final class GrantsAllowCommand extends GrantsSubcommand {

  @Parameters(paramLabel = "RULE", arity = "1..*", description = "rules to allow")
  List<String> rules;

  @Override
  void run(SettingsStore store, PrintWriter out) throws SettingsException, GrantRefusedException {
    GrantRequest request = request();
    warnAboutUnknownTools(request);
    GrantResult result = store.grant(request);
    report(out, "added", "rule", result.addedRules());
    report(out, "already present:", "rule", result.alreadyPresentRules());
    out.println("settings: " + safe(store.file()));
  }

  /** A rule for a tool Claude does not have is saved (it is harmless) but can never match. */
  private void warnAboutUnknownTools(GrantRequest request) {
    PrintWriter err = spec.commandLine().getErr();
    request.rules().stream()
        .map(RuleGrant::rule)
        .forEach(
            rule ->
                ClaudeToolNames.unknownTool(rule)
                    .ifPresent(
                        warning ->
                            err.println(spec.qualifiedName() + ": warning: " + safe(warning))));
    err.flush();
  }

  /** The user typed each rule, so each is confirmed; all malformed ones are reported together. */
  private GrantRequest request() throws GrantRefusedException {
    List<RuleGrant> grants = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (String rule : rules) {
      try {
        grants.add(RuleGrant.userConfirmed(rule.strip()));
      } catch (IllegalArgumentException e) {
        problems.add(e.getMessage());
      }
    }
    if (!problems.isEmpty()) {
      throw new GrantRefusedException(problems);
    }
    return new GrantRequest(grants, List.of(), Optional.empty(), false);
  }
}
