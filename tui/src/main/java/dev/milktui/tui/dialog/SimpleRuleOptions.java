package dev.milktui.tui.dialog;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.tui.tools.InputSummary;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A plain default until the app wires core's rule suggester: the tool name, then one scoped rule in
 * Claude's settings syntax (a Bash command prefix, a file tool's directory as {@code //abs/dir/**},
 * a URL's domain).
 */
public final class SimpleRuleOptions implements RuleOptions {

  @Override
  public List<String> rulesFor(String toolName, JsonNode input) {
    List<String> rules = new ArrayList<>();
    rules.add(toolName);
    String scoped = scoped(toolName, input);
    if (scoped != null && !scoped.equals(toolName)) {
      rules.add(scoped);
    }
    return rules;
  }

  private static String scoped(String toolName, JsonNode input) {
    if (input == null || toolName.isEmpty()) {
      return null;
    }
    switch (toolName) {
      case "Bash":
        String command = InputSummary.of("Bash", input).strip();
        if (command.isEmpty()) {
          return null;
        }
        String first = command.split("\\s+", 2)[0];
        return "Bash(" + first + ":*)";
      case "Write":
      case "Edit":
      case "MultiEdit":
      case "NotebookEdit":
        return dirRule("Edit", parent(InputSummary.path(input)));
      case "Read":
        return dirRule("Read", parent(InputSummary.path(input)));
      case "Glob":
      case "Grep":
        return dirRule("Read", InputSummary.path(input));
      case "WebFetch":
        try {
          String host = URI.create(InputSummary.of("WebFetch", input)).getHost();
          return host == null ? null : "WebFetch(domain:" + host + ")";
        } catch (IllegalArgumentException e) {
          return null;
        }
      default:
        return null;
    }
  }

  private static String parent(String path) {
    Path parent = path.isEmpty() ? null : Path.of(path).getParent();
    return parent == null ? "" : parent.toString();
  }

  /** Absolute directories only; {@code //dir/**} is the settings syntax for an absolute path. */
  private static String dirRule(String tool, String dir) {
    if (dir.isEmpty() || !dir.startsWith("/")) {
      return null;
    }
    String trimmed = dir.endsWith("/") ? dir.substring(0, dir.length() - 1) : dir;
    return tool + "(/" + trimmed + "/**)";
  }
}
