package dev.milktui.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/** Token counts of one API message or one turn. */
public record Usage(
    long inputTokens, long outputTokens, long cacheCreationInputTokens, long cacheReadInputTokens) {

  public static final Usage NONE = new Usage(0, 0, 0, 0);

  public static Usage of(JsonNode node) {
    if (node == null || !node.isObject()) {
      return NONE;
    }
    return new Usage(
        Json.longValue(node, "input_tokens", 0),
        Json.longValue(node, "output_tokens", 0),
        Json.longValue(node, "cache_creation_input_tokens", 0),
        Json.longValue(node, "cache_read_input_tokens", 0));
  }

  public long totalTokens() {
    return inputTokens + outputTokens + cacheCreationInputTokens + cacheReadInputTokens;
  }
}
