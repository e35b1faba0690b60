package dev.milktui.core.grants;

import java.util.Optional;

/**
 * One entry of {@code permissions.allow}: a tool name, optionally scoped by content in parentheses
 * ({@code Write}, {@code Bash(npm test:*)}, {@code Edit(//abs/dir/**)}).
 */
public record PermissionRule(String toolName, Optional<String> content) {

  public PermissionRule {
    if (toolName == null || toolName.isBlank()) {
      throw new IllegalArgumentException("a permission rule needs a tool name");
    }
    if (!toolName.strip().equals(toolName) || toolName.contains("(") || toolName.contains(")")) {
      throw new IllegalArgumentException("not a tool name: " + toolName);
    }
    content = content.filter(text -> !text.isEmpty());
  }

  public static PermissionRule toolWide(String toolName) {
    return new PermissionRule(toolName, Optional.empty());
  }

  public static PermissionRule scoped(String toolName, String content) {
    return new PermissionRule(toolName, Optional.of(content));
  }

  /** Parses {@code Tool} or {@code Tool(content)}; anything else is refused. */
  public static PermissionRule parse(String rule) {
    int open = rule.indexOf('(');
    if (open < 0) {
      return toolWide(rule);
    }
    if (!rule.endsWith(")")) {
      throw new IllegalArgumentException("rule does not end with ')': " + rule);
    }
    return new PermissionRule(
        rule.substring(0, open), Optional.of(rule.substring(open + 1, rule.length() - 1)));
  }

  @Override
  public String toString() {
    return content.map(text -> toolName + "(" + text + ")").orElse(toolName);
  }
}
