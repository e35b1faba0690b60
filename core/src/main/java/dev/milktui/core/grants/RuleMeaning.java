package dev.milktui.core.grants;

import java.util.Optional;

/**
 * What a rule allows, in words a user can check before granting it: "any command", "any file
 * anywhere", "`npm test` alone or with more arguments".
 */
public final class RuleMeaning {
  private RuleMeaning() {}

  public static String of(PermissionRule rule) {
    String tool = rule.toolName();
    if (rule.content().isEmpty() || GrantPolicy.scopesNothing(rule.content().get())) {
      return switch (tool) {
        case "Bash" -> "any command";
        case "Write", "Edit", "MultiEdit", "NotebookEdit" -> "editing any file anywhere";
        case "Read" -> "reading any file anywhere";
        case "Glob", "Grep" -> "searching any file anywhere";
        case "WebFetch" -> "fetching any URL";
        case "WebSearch" -> "any web search";
        default -> "every use of " + tool;
      };
    }
    String content = rule.content().get();
    if (tool.equals("Bash") && content.endsWith(":*")) {
      // As the CLI matches it: whole words (`npm test:*` does not cover `npm testx`) and one
      // command (not `npm test && rm -rf x`); GrantsRealCliIT pins both.
      return "`" + content.substring(0, content.length() - 2) + "` alone or with more arguments";
    }
    Optional<String> directory = PathPattern.directoryOf(content);
    if (directory.isPresent()) {
      return (tool.equals("Read") ? "reading" : "editing") + " files under " + directory.get();
    }
    if (tool.equals("WebFetch") && content.startsWith("domain:")) {
      return "fetching from " + content.substring("domain:".length());
    }
    return tool + " calls matching `" + content + "`";
  }
}
