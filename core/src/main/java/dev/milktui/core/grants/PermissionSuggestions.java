package dev.milktui.core.grants;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.tinylog.Logger;

/**
 * Converts the CLI's {@code permission_suggestions} (protocol.md §5) into rule strings and
 * directories. Only allow rules are taken ({@code addRules}/{@code replaceRules}); {@code setMode}
 * and removals are not grants. The destination the CLI proposes is ignored: where to persist is the
 * user's choice.
 */
public final class PermissionSuggestions {

  /** The grants found, de-duplicated, in the order the CLI listed them. */
  public record Converted(List<PermissionRule> rules, List<String> directories) {

    public Converted {
      rules = List.copyOf(rules);
      directories = List.copyOf(directories);
    }
  }

  private PermissionSuggestions() {}

  public static Converted convert(JsonNode suggestions) {
    Set<PermissionRule> rules = new LinkedHashSet<>();
    Set<String> directories = new LinkedHashSet<>();
    if (suggestions != null && suggestions.isArray()) {
      for (JsonNode suggestion : suggestions) {
        String type = suggestion.path("type").asText();
        if ((type.equals("addRules") || type.equals("replaceRules")) && allows(suggestion)) {
          suggestion.path("rules").forEach(rule -> addRule(rule, rules));
        } else if (type.equals("addDirectories")) {
          suggestion
              .path("directories")
              .forEach(
                  directory -> {
                    if (directory.isTextual() && !directory.asText().isBlank()) {
                      directories.add(directory.asText());
                    }
                  });
        }
      }
    }
    return new Converted(List.copyOf(rules), List.copyOf(directories));
  }

  private static boolean allows(JsonNode suggestion) {
    return suggestion.path("behavior").asText("allow").equals("allow");
  }

  /** A rule without a tool name is no grant at all (an unknown tool_use_id has an empty name). */
  private static void addRule(JsonNode rule, Set<PermissionRule> rules) {
    String toolName = rule.path("toolName").asText("").strip();
    if (toolName.isEmpty()) {
      return;
    }
    String content = rule.path("ruleContent").asText("");
    try {
      rules.add(
          content.isEmpty()
              ? PermissionRule.toolWide(toolName)
              : PermissionRule.scoped(toolName, content));
    } catch (IllegalArgumentException e) {
      Logger.warn("Ignoring unusable permission suggestion {}: {}", rule, e.getMessage());
    }
  }
}
