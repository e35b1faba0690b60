package dev.milktui.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * {@code type:"assistant"}: one content block per line in CLI 2.1. {@code aborted} marks partial
 * text cut by an interrupt; {@code apiError} marks the synthetic message of a failed API call.
 */
public record AssistantMessage(
    String messageId,
    String model,
    List<ContentBlock> content,
    String parentToolUseId,
    boolean aborted,
    boolean apiError,
    String error,
    Integer apiErrorStatus,
    JsonNode raw)
    implements CliMessage {}
