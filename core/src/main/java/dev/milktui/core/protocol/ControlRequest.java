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
  }

  record Other(String subtype, JsonNode raw) implements ControlRequest {}
}
