package dev.milktui.core.grants;

import java.util.Optional;
import java.util.Set;

/**
 * The tool names Claude Code knows (the pinned version and the older recorded one), for catching a
 * rule that can never match (tool names are case-sensitive: {@code bash} is not {@code Bash}).
 * Taken from the {@code tools} of the recorded {@code system/init} lines, plus the interactive
 * tools a print-mode init leaves out. MCP tools ({@code mcp__server__tool}) depend on the user's
 * servers and are never questioned.
 */
public final class ClaudeToolNames {

  static final Set<String> KNOWN =
      Set.of(
          "AskUserQuestion",
          "Bash",
          "CronCreate",
          "CronDelete",
          "CronList",
          "Edit",
          "EnterPlanMode",
          "EnterWorktree",
          "ExitPlanMode",
          "ExitWorktree",
          "Glob",
          "Grep",
          "KillShell",
          "LSP",
          "ListAgents",
          "Monitor",
          "NotebookEdit",
          "Read",
          "ReportFindings",
          "ScheduleWakeup",
          "SendMessage",
          "Skill",
          "Task",
          "TaskCreate",
          "TaskGet",
          "TaskList",
          "TaskOutput",
          "TaskStop",
          "TaskUpdate",
          "TodoWrite",
          "ToolSearch",
          "WebFetch",
          "WebSearch",
          "Workflow",
          "Write");

  private static final String MCP_PREFIX = "mcp__";

  private ClaudeToolNames() {}

  /** Why {@code rule} names a tool Claude does not have, with the likely name; empty if it does. */
  public static Optional<String> unknownTool(PermissionRule rule) {
    String name = rule.toolName();
    if (KNOWN.contains(name) || name.startsWith(MCP_PREFIX)) {
      return Optional.empty();
    }
    Optional<String> likely =
        KNOWN.stream().filter(known -> known.equalsIgnoreCase(name)).findFirst();
    return Optional.of(
        "Claude has no tool named '"
            + name
            + "'"
            + likely.map(known -> " (did you mean " + known + "?)").orElse("")
            + "; tool names are case-sensitive");
  }
}
