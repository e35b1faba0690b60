package dev.milktui.core.conversation;

/** How a tool's name is shown: to the user, in the conversation, the export and the tool pane. */
public final class ToolNames {
  private static final String MCP_PREFIX = "mcp__";

  private ToolNames() {}

  /**
   * {@code name} as Claude Code shows it: an MCP tool ({@code mcp__server__tool}) as {@code server
   * - tool (MCP)}, a call without a name as {@code (unknown tool)}, any other name as it is.
   */
  public static String shown(String name) {
    if (name == null || name.isEmpty()) {
      return "(unknown tool)";
    }
    if (name.startsWith(MCP_PREFIX)) {
      int split = name.indexOf("__", MCP_PREFIX.length());
      if (split > MCP_PREFIX.length() && split + 2 < name.length()) {
        return name.substring(MCP_PREFIX.length(), split)
            + " - "
            + name.substring(split + 2)
            + " (MCP)";
      }
    }
    return name;
  }
}
