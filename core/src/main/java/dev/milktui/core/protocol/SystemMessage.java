package dev.milktui.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** {@code type:"system"} lines, one record per subtype the TUI acts on. */
public sealed interface SystemMessage extends CliMessage {

  String subtype();

  /** Sent once per turn, as the turn's first line (not once per process). */
  record Init(
      String sessionId,
      String cwd,
      String model,
      String permissionMode,
      String claudeVersion,
      List<String> tools,
      List<String> additionalDirectories,
      JsonNode raw)
      implements SystemMessage {
    @Override
    public String subtype() {
      return "init";
    }
  }

  /** {@code status} is "requesting" before an API call, null on a permission-mode change. */
  record Status(String status, String permissionMode, JsonNode raw) implements SystemMessage {
    @Override
    public String subtype() {
      return "status";
    }
  }

  record ApiRetry(
      int attempt,
      int maxRetries,
      long retryDelayMs,
      Integer errorStatus,
      String error,
      JsonNode raw)
      implements SystemMessage {
    @Override
    public String subtype() {
      return "api_retry";
    }
  }

  /** A denial without a prompt (no prompt tool, or a rule); never sent for "Stream closed". */
  record PermissionDenied(
      String toolName,
      String toolUseId,
      String message,
      String decisionReasonType,
      String decisionReason,
      JsonNode raw)
      implements SystemMessage {
    @Override
    public String subtype() {
      return "permission_denied";
    }
  }

  record TaskStarted(
      String taskId,
      String toolUseId,
      String description,
      String taskType,
      boolean backgrounded,
      JsonNode raw)
      implements SystemMessage {
    @Override
    public String subtype() {
      return "task_started";
    }
  }

  record TaskNotification(
      String taskId, String toolUseId, String status, String summary, JsonNode raw)
      implements SystemMessage {
    @Override
    public String subtype() {
      return "task_notification";
    }
  }

  /** Any other subtype, kept whole. */
  record Other(String subtype, JsonNode raw) implements SystemMessage {}
}
