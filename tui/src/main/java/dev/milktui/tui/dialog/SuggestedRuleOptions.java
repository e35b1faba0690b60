package dev.milktui.tui.dialog;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.grants.RuleSuggester;
import dev.milktui.core.grants.SuggestedRules;
import java.nio.file.Path;

/** The dialog's offers from core's rule suggester (the one place that knows a call's directory). */
public final class SuggestedRuleOptions implements RuleOptions {
  private final RuleSuggester suggester;

  public SuggestedRuleOptions(Path workingDirectory) {
    this(new RuleSuggester(workingDirectory));
  }

  public SuggestedRuleOptions(RuleSuggester suggester) {
    this.suggester = suggester;
  }

  @Override
  public SuggestedRules offer(String toolName, JsonNode input) {
    return suggester.suggest(toolName, input);
  }
}
