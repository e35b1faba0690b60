package dev.milktui.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/** The CLI withdraws a pending {@code can_use_tool}: close its dialog and answer nothing. */
public record ControlCancelRequest(String requestId, JsonNode raw) implements CliMessage {}
