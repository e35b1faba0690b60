package dev.milktui.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * One of the CLI's {@code permission_suggestions}. Each keeps its JSON so that an "allow always"
 * answer can hand it back verbatim as {@code updatedPermissions}.
 */
public sealed interface PermissionSuggestion {

  JsonNode raw();

  String destination();

  record Rule(String toolName, String ruleContent) {
    /** The rule as settings files spell it: {@code Bash(npm test:*)}, or the bare tool name. */
    public String asSettingsRule() {
      return ruleContent == null || ruleContent.isEmpty()
          ? toolName
          : toolName + "(" + ruleContent + ")";
    }
  }

  record AddRules(List<Rule> rules, String behavior, String destination, JsonNode raw)
      implements PermissionSuggestion {}

  record AddDirectories(List<String> directories, String destination, JsonNode raw)
      implements PermissionSuggestion {}

  record SetMode(String mode, String destination, JsonNode raw) implements PermissionSuggestion {}

  record Other(String type, String destination, JsonNode raw) implements PermissionSuggestion {}
}
