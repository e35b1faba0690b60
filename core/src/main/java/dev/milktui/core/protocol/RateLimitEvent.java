package dev.milktui.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/** {@code type:"rate_limit_event"}: kept whole; shown as a notice. */
public record RateLimitEvent(JsonNode raw) implements CliMessage {}
