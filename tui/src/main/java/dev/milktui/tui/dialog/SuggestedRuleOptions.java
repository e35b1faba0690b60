package dev.milktui.tui.dialog;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.grants.PermissionRule;
import dev.milktui.core.grants.RuleSuggester;
import dev.milktui.core.grants.SuggestedRules;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The dialog's rule choices from core's rule suggester: tool-wide first, then the scoped rule. */
public final class SuggestedRuleOptions implements RuleOptions {
  private final RuleSuggester suggester;

  public SuggestedRuleOptions(Path workingDirectory) {
    this.suggester = new RuleSuggester(workingDirectory);
  }

  @Override
  public List<String> rulesFor(String toolName, JsonNode input) {
    SuggestedRules suggested = suggester.suggest(toolName, input);
    List<String> rules = new ArrayList<>();
    suggested.toolWide().map(PermissionRule::toString).ifPresent(rules::add);
    suggested.scoped().map(PermissionRule::toString).ifPresent(rules::add);
    if (rules.isEmpty()) {
      rules.add(toolName);
    }
    return rules;
  }
}
