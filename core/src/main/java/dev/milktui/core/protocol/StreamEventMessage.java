package dev.milktui.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/** {@code type:"stream_event"}: present only with {@code --include-partial-messages}. */
public record StreamEventMessage(
    String apiMessageId, String parentToolUseId, StreamEvent event, JsonNode raw)
    implements CliMessage {}
