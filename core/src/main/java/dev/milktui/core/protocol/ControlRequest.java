package dev.milktui.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** The {@code request} of a CLI-to-host {@code control_request}. */
public sealed interface ControlRequest {

  String subtype();

  /** Claude asks whether a tool may run. Older CLIs leave out the display fields. */
  record CanUseTool(
      String toolName,
      String displayName,
      JsonNode input,
      String title,
      String description,
      List<PermissionSuggestion> permissionSuggestions,
      String blockedPath,
      String decisionReason,
      String decisionReasonType,
      String toolUseId,
      JsonNode raw)
      implements ControlRequest {
    @Override
    public String subtype() {
      return "can_use_tool";
    }

    /** The subagent that asks (its task id), or null when the main agent asks. */
    public String agentId() {
      return Json.text(raw, "agent_id");
    }

    /** The MCP server whose tool this is, or null for a built-in tool. */
    public String mcpServerName() {
      return Json.text(Json.objectOrNull(raw, "mcp_server"), "name");
    }

    /** True for tools that ask the user something (AskUserQuestion, ExitPlanMode). */
    public boolean requiresUserInteraction() {
      return Json.isTrue(raw, "requires_user_interaction");
    }
  }

  /**
   * An MCP server asks the user to fill in a form ({@code requested_schema}, a flat JSON schema);
   * the answer is {@code accept} with the content, {@code decline} or {@code cancel}.
   */
  record Elicitation(
      String serverName,
      String message,
      String mode,
      JsonNode requestedSchema,
      List<String> propertyOrder,
      JsonNode raw)
      implements ControlRequest {
    @Override
    public String subtype() {
      return "elicitation";
    }
  }

  record Other(String subtype, JsonNode raw) implements ControlRequest {}
}
