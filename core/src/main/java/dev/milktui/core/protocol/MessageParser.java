package dev.milktui.core.protocol;

import static dev.milktui.core.protocol.Json.bool;
import static dev.milktui.core.protocol.Json.elements;
import static dev.milktui.core.protocol.Json.integer;
import static dev.milktui.core.protocol.Json.isTrue;
import static dev.milktui.core.protocol.Json.longValue;
import static dev.milktui.core.protocol.Json.strings;
import static dev.milktui.core.protocol.Json.text;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Maps one parsed stdout line to its typed message. Total: any JSON object yields a message; a
 * known type with fields of the wrong JSON type yields that type with those fields absent.
 */
public final class MessageParser {
  private MessageParser() {}

  public static CliMessage parse(JsonNode line) {
    String type = text(line, "type");
    if (type == null) {
      return new UnknownMessage(null, line);
    }
    return switch (type) {
      case "system" -> system(line);
      case "stream_event" -> streamEvent(line);
      case "assistant" -> assistant(line);
      case "user" -> user(line);
      case "result" -> result(line);
      case "control_request" -> controlRequest(line);
      case "control_response" -> controlResponse(line);
      case "control_cancel_request" -> new ControlCancelRequest(text(line, "request_id"), line);
      case "tool_progress" -> toolProgress(line);
      case "command_lifecycle" ->
          new CommandLifecycle(text(line, "command_uuid"), text(line, "state"), line);
      case "rate_limit_event" -> new RateLimitEvent(line);
      case "conversation_reset" ->
          new ConversationReset(text(line, "new_conversation_id"), text(line, "trigger"), line);
      default -> new UnknownMessage(type, line);
    };
  }

  private static SystemMessage system(JsonNode line) {
    String subtype = text(line, "subtype");
    if (subtype == null) {
      return new SystemMessage.Other(null, line);
    }
    return switch (subtype) {
      case "init" ->
          new SystemMessage.Init(
              text(line, "session_id"),
              text(line, "cwd"),
              text(line, "model"),
              text(line, "permissionMode"),
              text(line, "claude_code_version"),
              strings(line, "tools"),
              strings(line, "additional_directories"),
              line);
      case "status" ->
          new SystemMessage.Status(text(line, "status"), text(line, "permissionMode"), line);
      case "api_retry" ->
          new SystemMessage.ApiRetry(
              orZero(integer(line, "attempt")),
              orZero(integer(line, "max_retries")),
              longValue(line, "retry_delay_ms", 0),
              integer(line, "error_status"),
              text(line, "error"),
              line);
      case "permission_denied" ->
          new SystemMessage.PermissionDenied(
              text(line, "tool_name"),
              text(line, "tool_use_id"),
              text(line, "message"),
              text(line, "decision_reason_type"),
              text(line, "decision_reason"),
              line);
      case "task_started" ->
          new SystemMessage.TaskStarted(
              text(line, "task_id"),
              text(line, "tool_use_id"),
              text(line, "description"),
              text(line, "task_type"),
              isTrue(line, "is_backgrounded"),
              line);
      case "task_notification" ->
          new SystemMessage.TaskNotification(
              text(line, "task_id"),
              text(line, "tool_use_id"),
              text(line, "status"),
              text(line, "summary"),
              line);
      case "task_progress" ->
          new SystemMessage.TaskProgress(
              text(line, "task_id"),
              text(line, "tool_use_id"),
              text(line, "description"),
              text(line, "last_tool_name"),
              line);
      case "task_updated" ->
          new SystemMessage.TaskUpdated(
              text(line, "task_id"), text(field(line, "patch"), "status"), line);
      case "background_tasks_changed" -> backgroundTasks(line);
      case "informational" ->
          new SystemMessage.Informational(text(line, "content"), text(line, "level"), line);
      case "compact_boundary" -> {
        JsonNode meta = field(line, "compact_metadata");
        yield new SystemMessage.CompactBoundary(
            text(meta, "trigger"),
            longValue(meta, "pre_tokens", 0),
            longValue(meta, "post_tokens", 0),
            line);
      }
      default -> new SystemMessage.Other(subtype, line);
    };
  }

  private static SystemMessage.BackgroundTasksChanged backgroundTasks(JsonNode line) {
    List<SystemMessage.ListedTask> tasks = new ArrayList<>();
    for (JsonNode task : elements(line, "tasks")) {
      String id = text(task, "task_id");
      if (id != null) {
        tasks.add(
            new SystemMessage.ListedTask(id, text(task, "task_type"), text(task, "description")));
      }
    }
    return new SystemMessage.BackgroundTasksChanged(List.copyOf(tasks), line);
  }

  private static StreamEventMessage streamEvent(JsonNode line) {
    JsonNode event = line.get("event");
    // The CLI puts abandoned_blocks on the outer line, beside the raw SSE event.
    boolean abandoned = line.hasNonNull("abandoned_blocks");
    return new StreamEventMessage(
        text(line, "api_message_id"),
        text(line, "parent_tool_use_id"),
        event(event, abandoned),
        line);
  }

  static StreamEvent event(JsonNode event, boolean abandoned) {
    String type = text(event, "type");
    if (type == null) {
      return new StreamEvent.Other(null, event);
    }
    return switch (type) {
      case "message_start" -> {
        JsonNode message = Json.objectOrNull(event, "message");
        yield new StreamEvent.MessageStart(
            text(message, "id"), text(message, "model"), Usage.of(field(message, "usage")));
      }
      case "content_block_start" ->
          new StreamEvent.ContentBlockStart(
              orZero(integer(event, "index")), block(field(event, "content_block")));
      case "content_block_delta" ->
          new StreamEvent.ContentBlockDelta(
              orZero(integer(event, "index")), delta(field(event, "delta")));
      case "content_block_stop" ->
          new StreamEvent.ContentBlockStop(orZero(integer(event, "index")));
      case "message_delta" ->
          new StreamEvent.MessageDelta(
              text(field(event, "delta"), "stop_reason"),
              integer(field(event, "usage"), "output_tokens"));
      case "message_stop" -> new StreamEvent.MessageStop(abandoned);
      default -> new StreamEvent.Other(type, event);
    };
  }

  private static StreamEvent.Delta delta(JsonNode delta) {
    String type = text(delta, "type");
    if (type == null) {
      return new StreamEvent.Delta.Other(null, delta);
    }
    return switch (type) {
      case "text_delta" -> new StreamEvent.Delta.Text(orEmpty(text(delta, "text")));
      case "thinking_delta" -> new StreamEvent.Delta.Thinking(orEmpty(text(delta, "thinking")));
      case "input_json_delta" ->
          new StreamEvent.Delta.InputJson(orEmpty(text(delta, "partial_json")));
      default -> new StreamEvent.Delta.Other(type, delta);
    };
  }

  static ContentBlock block(JsonNode block) {
    String type = text(block, "type");
    if (type == null) {
      return new ContentBlock.Other(null, block);
    }
    return switch (type) {
      case "text" -> new ContentBlock.Text(orEmpty(text(block, "text")));
      case "thinking" -> new ContentBlock.Thinking(orEmpty(text(block, "thinking")));
      case "tool_use", "server_tool_use" ->
          new ContentBlock.ToolUse(
              text(block, "id"), orEmpty(text(block, "name")), Json.objectOrEmpty(block, "input"));
      case "tool_result" ->
          new ContentBlock.ToolResult(
              text(block, "tool_use_id"),
              toolResultText(block.get("content")),
              bool(block, "is_error"));
      default -> new ContentBlock.Other(type, block);
    };
  }

  /** A tool result's content is a string or an array of blocks; their text is joined. */
  static String toolResultText(JsonNode content) {
    if (content == null || content.isNull()) {
      return "";
    }
    if (content.isTextual()) {
      return content.textValue();
    }
    if (content.isArray()) {
      StringBuilder joined = new StringBuilder();
      for (JsonNode part : content) {
        String text = part.isTextual() ? part.textValue() : partText(part);
        if (text != null) {
          if (joined.length() > 0) {
            joined.append('\n');
          }
          joined.append(text);
        }
      }
      return joined.toString();
    }
    return content.toString();
  }

  /** A text part's text, an image's placeholder; null for a kind of part not known here. */
  private static String partText(JsonNode part) {
    String type = text(part, "type");
    if (type == null || type.equals("text")) {
      return text(part, "text");
    }
    return type.equals("image") ? imagePlaceholder(part) : null;
  }

  /** An image in a tool result, as words: "[image, 12 KiB png]" (its size decoded). */
  static String imagePlaceholder(JsonNode image) {
    JsonNode source = field(image, "source");
    String mediaType = text(source, "media_type");
    String data = text(source, "data");
    String kind =
        mediaType == null ? "" : " " + mediaType.substring(mediaType.indexOf('/') + 1).strip();
    if (data == null) {
      return "[image" + (kind.isEmpty() ? "" : "," + kind) + "]";
    }
    long padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
    long bytes = Math.max(0, data.length() / 4L * 3 - padding);
    String size =
        bytes < 1024
            ? bytes + " B"
            : String.format(Locale.ROOT, "%d KiB", Math.round(bytes / 1024.0));
    return "[image, " + size + kind + "]";
  }

  private static List<ContentBlock> content(JsonNode message) {
    JsonNode content = field(message, "content");
    if (content != null && content.isTextual()) {
      return List.of(new ContentBlock.Text(content.textValue()));
    }
    List<ContentBlock> blocks = new ArrayList<>();
    for (JsonNode block : elements(message, "content")) {
      blocks.add(block(block));
    }
    return List.copyOf(blocks);
  }

  private static AssistantMessage assistant(JsonNode line) {
    JsonNode message = Json.objectOrNull(line, "message");
    return new AssistantMessage(
        text(message, "id"),
        text(message, "model"),
        content(message),
        text(line, "parent_tool_use_id"),
        isTrue(line, "aborted"),
        isTrue(line, "is_api_error_message"),
        text(line, "error"),
        integer(line, "api_error_status"),
        line);
  }

  private static UserMessage user(JsonNode line) {
    JsonNode message = Json.objectOrNull(line, "message");
    List<ToolResultMeta> meta = new ArrayList<>();
    for (JsonNode entry : elements(line, "tool_result_meta")) {
      JsonNode decision = field(entry, "permission_decision");
      meta.add(
          new ToolResultMeta(
              text(entry, "id"),
              text(entry, "non_execution_kind"),
              text(decision, "decision"),
              text(decision, "source"),
              text(decision, "reason_type")));
    }
    return new UserMessage(
        content(message),
        text(line, "parent_tool_use_id"),
        line.get("tool_use_result"),
        List.copyOf(meta),
        isTrue(line, "isReplay"),
        line);
  }

  private static ResultMessage result(JsonNode line) {
    List<PermissionDenial> denials = new ArrayList<>();
    for (JsonNode denial : elements(line, "permission_denials")) {
      denials.add(
          new PermissionDenial(
              orEmpty(text(denial, "tool_name")),
              text(denial, "tool_use_id"),
              Json.objectOrEmpty(denial, "tool_input")));
    }
    return new ResultMessage(
        text(line, "subtype"),
        isTrue(line, "is_error"),
        orZero(integer(line, "num_turns")),
        text(line, "result"),
        text(line, "stop_reason"),
        text(line, "terminal_reason"),
        Json.doubleValue(line, "total_cost_usd", 0),
        Usage.of(field(line, "usage")),
        Json.objectOrNull(line, "modelUsage"),
        Json.objectOrNull(line, "model_usage_since_last_result"),
        List.copyOf(denials),
        integer(line, "api_error_status"),
        text(line, "api_error_type"),
        strings(line, "errors"),
        longValue(line, "duration_ms", 0),
        longValue(line, "duration_api_ms", 0),
        line);
  }

  private static ControlRequestMessage controlRequest(JsonNode line) {
    JsonNode request = Json.objectOrNull(line, "request");
    String subtype = text(request, "subtype");
    ControlRequest typed =
        "elicitation".equals(subtype)
            ? new ControlRequest.Elicitation(
                text(request, "mcp_server_name"),
                text(request, "message"),
                text(request, "mode"),
                Json.objectOrNull(request, "requested_schema"),
                strings(request, "property_order"),
                request)
            : "can_use_tool".equals(subtype)
                ? new ControlRequest.CanUseTool(
                    orEmpty(text(request, "tool_name")),
                    text(request, "display_name"),
                    Json.objectOrEmpty(request, "input"),
                    text(request, "title"),
                    text(request, "description"),
                    suggestions(request),
                    text(request, "blocked_path"),
                    text(request, "decision_reason"),
                    text(request, "decision_reason_type"),
                    text(request, "tool_use_id"),
                    request)
                : new ControlRequest.Other(subtype, request);
    return new ControlRequestMessage(text(line, "request_id"), typed, line);
  }

  private static List<PermissionSuggestion> suggestions(JsonNode request) {
    List<PermissionSuggestion> out = new ArrayList<>();
    for (JsonNode suggestion : elements(request, "permission_suggestions")) {
      String type = text(suggestion, "type");
      String destination = text(suggestion, "destination");
      if ("addRules".equals(type)) {
        List<PermissionSuggestion.Rule> rules = new ArrayList<>();
        for (JsonNode rule : elements(suggestion, "rules")) {
          String tool = text(rule, "toolName");
          if (tool != null && !tool.isEmpty()) {
            rules.add(new PermissionSuggestion.Rule(tool, text(rule, "ruleContent")));
          }
        }
        out.add(
            new PermissionSuggestion.AddRules(
                List.copyOf(rules), text(suggestion, "behavior"), destination, suggestion));
      } else if ("addDirectories".equals(type)) {
        out.add(
            new PermissionSuggestion.AddDirectories(
                strings(suggestion, "directories"), destination, suggestion));
      } else if ("setMode".equals(type)) {
        out.add(
            new PermissionSuggestion.SetMode(text(suggestion, "mode"), destination, suggestion));
      } else {
        out.add(new PermissionSuggestion.Other(type, destination, suggestion));
      }
    }
    return List.copyOf(out);
  }

  private static ControlResponseMessage controlResponse(JsonNode line) {
    JsonNode response = Json.objectOrNull(line, "response");
    return new ControlResponseMessage(
        text(response, "request_id"),
        text(response, "subtype"),
        field(response, "response"),
        text(response, "error"),
        line);
  }

  private static ToolProgress toolProgress(JsonNode line) {
    return new ToolProgress(
        text(line, "tool_use_id"),
        text(line, "tool_name"),
        text(line, "parent_tool_use_id"),
        Json.doubleValue(line, "elapsed_time_seconds", 0),
        isTrue(line, "heartbeat"),
        line);
  }

  private static JsonNode field(JsonNode node, String name) {
    return node == null ? null : node.get(name);
  }

  private static int orZero(Integer value) {
    return value == null ? 0 : value;
  }

  private static String orEmpty(String value) {
    return value == null ? "" : value;
  }
}
