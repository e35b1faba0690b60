package dev.milktui.core.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.grants.PathPattern;
import dev.milktui.core.grants.PermissionRule;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which of milk-tui's own allowances let a call run without asking: a baseline rule, a rule
 * milk-tui passed to claude ({@code --allowedTools}), or the permission mode. Only rules whose
 * meaning is plain are claimed (tool-wide, a Bash command or {@code prefix:*}, a path rule of one
 * directory); anything else is claude's own doing (its settings, or a tool it never asks about),
 * and said so, rather than guessed.
 *
 * @param baseline the baseline's rules in force, empty without the baseline
 * @param passed the other rules milk-tui passed to claude
 * @param mode the permission mode claude runs in
 */
public record WhyItRan(List<String> baseline, List<String> passed, String mode) {

  /** Claude's Edit path rules cover every file-editing tool. */
  private static final Set<String> FILE_EDITS =
      Set.of("Edit", "Write", "MultiEdit", "NotebookEdit");

  public WhyItRan {
    baseline = List.copyOf(baseline);
    passed = List.copyOf(passed);
  }

  /** Who let it run, and on what. */
  public record Because(Decision.By by, String source) {}

  public Because of(String tool, JsonNode input) {
    Optional<String> rule = firstMatch(baseline, tool, input);
    if (rule.isPresent()) {
      return new Because(Decision.By.BASELINE, rule.get());
    }
    rule = firstMatch(passed, tool, input);
    if (rule.isPresent()) {
      return new Because(Decision.By.RULE, rule.get() + " (passed by milk-tui)");
    }
    if ("bypassPermissions".equals(mode)
        || ("acceptEdits".equals(mode) && FILE_EDITS.contains(tool))) {
      return new Because(Decision.By.MODE, mode);
    }
    return new Because(
        Decision.By.CLAUDE,
        "no rule milk-tui passed: claude's own settings, or a tool claude does not ask about");
  }

  private static Optional<String> firstMatch(List<String> rules, String tool, JsonNode input) {
    return rules.stream().filter(rule -> matches(rule, tool, input)).findFirst();
  }

  static boolean matches(String text, String tool, JsonNode input) {
    PermissionRule rule;
    try {
      rule = PermissionRule.parse(text);
    } catch (IllegalArgumentException e) {
      return false;
    }
    boolean sameTool =
        rule.toolName().equals(tool)
            || (rule.toolName().equals("Edit") && FILE_EDITS.contains(tool));
    if (!sameTool) {
      return false;
    }
    if (rule.content().isEmpty()) {
      return rule.toolName().equals(tool);
    }
    String content = rule.content().get();
    if (tool.equals("Bash")) {
      String command = input == null ? "" : input.path("command").asText("");
      return content.endsWith(":*")
          ? command.startsWith(content.substring(0, content.length() - 2))
          : command.equals(content);
    }
    Optional<String> directory = PathPattern.directoryOf(content);
    String path = input == null ? "" : input.path(pathKey(tool)).asText("");
    if (directory.isEmpty() || path.isEmpty() || path.indexOf('\0') >= 0) {
      return false;
    }
    Path file = Path.of(path).normalize();
    return file.isAbsolute() && file.startsWith(Path.of(directory.get()));
  }

  private static String pathKey(String tool) {
    return tool.equals("NotebookEdit") ? "notebook_path" : "file_path";
  }
}
