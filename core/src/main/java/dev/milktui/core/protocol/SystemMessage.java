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

    /** The slash commands this CLI accepts (names without the slash), skills included. */
    public List<String> slashCommands() {
      return Json.strings(raw, "slash_commands");
    }

    /** The skills this CLI offers (names without the slash). */
    public List<String> skills() {
      return Json.strings(raw, "skills");
    }

    /** What the CLI says it supports, e.g. {@code msg_lifecycle_v1}. */
    public List<String> capabilities() {
      return Json.strings(raw, "capabilities");
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

  /** A task's current step ({@code description}, e.g. "Running Echo in bg agent"). */
  record TaskProgress(
      String taskId, String toolUseId, String description, String lastToolName, JsonNode raw)
      implements SystemMessage {
    @Override
    public String subtype() {
      return "task_progress";
    }
  }

  /** A patch to a task; {@code status} is null when the patch does not change it. */
  record TaskUpdated(String taskId, String status, JsonNode raw) implements SystemMessage {
    @Override
    public String subtype() {
      return "task_updated";
    }
  }

  /** The CLI's whole list of background tasks now running (empty when none). */
  record BackgroundTasksChanged(List<ListedTask> tasks, JsonNode raw) implements SystemMessage {
    @Override
    public String subtype() {
      return "background_tasks_changed";
    }
  }

  /** One entry of {@link BackgroundTasksChanged}. */
  record ListedTask(String taskId, String taskType, String description) {}

  /** The conversation was compacted ({@code trigger} "manual" or "auto"). */
  record CompactBoundary(String trigger, long preTokens, long postTokens, JsonNode raw)
      implements SystemMessage {
    @Override
    public String subtype() {
      return "compact_boundary";
    }
  }

  /**
   * A message the CLI has for the user ({@code content}), e.g. a warning about the permission mode
   * it started in; {@code level} ("info", "warning", "error") is null on lines not meant to be
   * shown.
   */
  record Informational(String content, String level, JsonNode raw) implements SystemMessage {
    @Override
    public String subtype() {
      return "informational";
    }
  }

  /** Any other subtype, kept whole. */
  record Other(String subtype, JsonNode raw) implements SystemMessage {}
}
