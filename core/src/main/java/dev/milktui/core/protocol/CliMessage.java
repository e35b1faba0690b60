package dev.milktui.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One line the claude CLI printed on stdout in stream-json mode. Every variant keeps the parsed
 * line ({@link #raw()}) so that fields the model does not name are never lost.
 */
public sealed interface CliMessage
    permits SystemMessage,
        StreamEventMessage,
        AssistantMessage,
        UserMessage,
        ResultMessage,
        ControlRequestMessage,
        ControlResponseMessage,
        ControlCancelRequest,
        ToolProgress,
        CommandLifecycle,
        RateLimitEvent,
        ConversationReset,
        UnknownMessage {

  JsonNode raw();

  /** The session id the line carries, or null ({@code control_*} lines have none). */
  default String sessionId() {
    return Json.text(raw(), "session_id");
  }
}
