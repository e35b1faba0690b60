package dev.milktui.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Builds every line the host writes to the CLI's stdin (protocol.md §3), one compact JSON object
 * per line without the trailing newline.
 */
public final class HostMessages {
  private HostMessages() {}

  /** A user turn; {@code role} is mandatory, the CLI exits without it. */
  public static String userMessage(String text) {
    ObjectNode message = Json.object().put("role", "user").put("content", text);
    ObjectNode line = Json.object().put("type", "user");
    line.set("message", message);
    return Json.write(line);
  }

  /**
   * A user turn carrying {@code uuid}: the CLI then reports the message's progress as {@code
   * command_lifecycle} lines (queued, started, completed…), which say which turn answers it.
   */
  public static String userMessage(String text, String uuid) {
    ObjectNode message = Json.object().put("role", "user").put("content", text);
    ObjectNode line = Json.object().put("type", "user").put("uuid", uuid);
    line.set("message", message);
    return Json.write(line);
  }

  /**
   * Allows a tool call. {@code input} is echoed (or the user's edit): an empty object would run the
   * tool with no arguments. {@code updatedPermissions} may be empty.
   */
  public static String allow(String requestId, JsonNode input, List<JsonNode> updatedPermissions) {
    ObjectNode result = Json.object().put("behavior", "allow");
    result.set("updatedInput", Objects.requireNonNull(input, "input").deepCopy());
    if (!updatedPermissions.isEmpty()) {
      ArrayNode permissions = result.putArray("updatedPermissions");
      updatedPermissions.forEach(p -> permissions.add(p.deepCopy()));
    }
    return success(requestId, result);
  }

  /**
   * The {@code updatedPermissions} that make the running CLI apply {@code rules} (allow) and {@code
   * directories} for the rest of the session only: destination {@code session}, so the CLI writes
   * no settings file of its own.
   */
  public static List<JsonNode> sessionPermissions(
      List<PermissionSuggestion.Rule> rules, List<String> directories) {
    List<JsonNode> permissions = new ArrayList<>();
    if (!rules.isEmpty()) {
      ObjectNode add = Json.object().put("type", "addRules");
      ArrayNode list = add.putArray("rules");
      for (PermissionSuggestion.Rule rule : rules) {
        ObjectNode entry = list.addObject().put("toolName", rule.toolName());
        if (rule.ruleContent() != null) {
          entry.put("ruleContent", rule.ruleContent());
        }
      }
      add.put("behavior", "allow").put("destination", "session");
      permissions.add(add);
    }
    if (!directories.isEmpty()) {
      ObjectNode add = Json.object().put("type", "addDirectories");
      directories.forEach(add.putArray("directories")::add);
      add.put("destination", "session");
      permissions.add(add);
    }
    return permissions;
  }

  /** Denies a tool call; the CLI rejects a deny without a message, so one is always sent. */
  public static String deny(String requestId, String message, boolean interrupt) {
    String reason =
        message == null || message.isBlank() ? "The user denied this tool use." : message;
    ObjectNode result = Json.object().put("behavior", "deny").put("message", reason);
    if (interrupt) {
      result.put("interrupt", true);
    }
    return success(requestId, result);
  }

  /** Answers a CLI request with an error (the CLI turns it into a failed permission). */
  public static String error(String requestId, String error) {
    ObjectNode response =
        Json.object().put("subtype", "error").put("request_id", requestId).put("error", error);
    return controlResponse(response);
  }

  public static String interrupt(String requestId) {
    return controlRequest(requestId, Json.object().put("subtype", "interrupt"));
  }

  public static String setPermissionMode(String requestId, String mode) {
    return controlRequest(
        requestId, Json.object().put("subtype", "set_permission_mode").put("mode", mode));
  }

  /** Stops one running task (a background agent or shell), by the CLI's task id. */
  public static String stopTask(String requestId, String taskId) {
    return controlRequest(
        requestId, Json.object().put("subtype", "stop_task").put("task_id", taskId));
  }

  /**
   * Asks how full the context window is. {@code summary} answers from the last response's usage,
   * without the per-category token-count API calls {@code full} would make.
   */
  public static String getContextUsage(String requestId) {
    return controlRequest(
        requestId, Json.object().put("subtype", "get_context_usage").put("detail", "summary"));
  }

  public static String initialize(String requestId) {
    return controlRequest(requestId, Json.object().put("subtype", "initialize"));
  }

  private static String success(String requestId, ObjectNode result) {
    ObjectNode response = Json.object().put("subtype", "success").put("request_id", requestId);
    response.set("response", result);
    return controlResponse(response);
  }

  private static String controlResponse(ObjectNode response) {
    ObjectNode line = Json.object().put("type", "control_response");
    line.set("response", response);
    return Json.write(line);
  }

  private static String controlRequest(String requestId, ObjectNode request) {
    ObjectNode line = Json.object().put("type", "control_request").put("request_id", requestId);
    line.set("request", request);
    return Json.write(line);
  }
}
