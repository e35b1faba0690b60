package dev.milktui.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code /clear} (trigger "clear") started a new conversation; the next {@code system/init} carries
 * its session id.
 */
public record ConversationReset(String newConversationId, String trigger, JsonNode raw)
    implements CliMessage {}
