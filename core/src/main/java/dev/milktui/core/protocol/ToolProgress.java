package dev.milktui.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/** A heartbeat of a long-running tool; {@code parentToolUseId} names the running call. */
public record ToolProgress(
    String toolUseId,
    String toolName,
    String parentToolUseId,
    double elapsedSeconds,
    boolean heartbeat,
    JsonNode raw)
    implements CliMessage {}
