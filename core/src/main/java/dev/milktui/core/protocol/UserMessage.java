package dev.milktui.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * {@code type:"user"}: tool results, interrupt markers and replayed user messages. A plain string
 * content becomes one {@link ContentBlock.Text}.
 */
public record UserMessage(
    List<ContentBlock> content,
    String parentToolUseId,
    JsonNode toolUseResult,
    List<ToolResultMeta> toolResultMeta,
    boolean replay,
    JsonNode raw)
    implements CliMessage {}
