package dev.milktui.core.grants;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One entry of {@code permissions.allow}: a tool name, optionally scoped by content in parentheses
 * ({@code Write}, {@code Bash(npm test:*)}, {@code Edit(//abs/dir/**)}).
 */
public record PermissionRule(String toolName, Optional<String> content) {

  /** What a tool name may hold for milk-tui to offer a rule for it: no rule syntax, no spaces. */
  private static final Pattern OFFERABLE_TOOL_NAME = Pattern.compile("[A-Za-z0-9_.-]+");

  public PermissionRule {
    if (toolName == null || toolName.isBlank()) {
      throw new IllegalArgumentException("a permission rule needs a tool name");
    }
    if (!toolName.strip().equals(toolName) || toolName.contains("(") || toolName.contains(")")) {
      throw new IllegalArgumentException("not a tool name: " + toolName);
    }
    content = content.filter(text -> !text.isEmpty());
  }

  /**
   * Whether a rule may be offered for {@code name}: a tool name as the CLI spells them (letters,
   * digits, {@code _ . -}). A name with parentheses, spaces or other rule syntax (a hostile {@code
   * Bash(rm -rf /:*)}) never becomes a rule.
   */
  public static boolean isToolName(String name) {
    return name != null && OFFERABLE_TOOL_NAME.matcher(name).matches();
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
