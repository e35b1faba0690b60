package dev.milktui.tui.dialog;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.grants.PermissionRule;
import dev.milktui.core.grants.SuggestedRules;
import java.util.ArrayList;
import java.util.List;

/** What could allow a call: its rules and the directory it touched, from core's rule suggester. */
@FunctionalInterface
public interface RuleOptions {
  SuggestedRules offer(String toolName, JsonNode input);

  /**
   * The rules as text, tool-wide first, then narrower; empty when no rule may be offered (no tool
   * name, or one holding rule syntax).
   */
  default List<String> rulesFor(String toolName, JsonNode input) {
    SuggestedRules offer = offer(toolName, input);
    List<String> rules = new ArrayList<>(2);
    offer.toolWide().map(PermissionRule::toString).ifPresent(rules::add);
    offer.scoped().map(PermissionRule::toString).ifPresent(rules::add);
    return rules;
  }
}
