package dev.milktui.core.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@code tool_result} block as the model received it.
 *
 * @param content the string content, or the text blocks of an array content joined by newlines
 */
public record ToolResult(String toolUseId, String content, boolean isError) {

  static ToolResult of(JsonNode block) {
    return new ToolResult(
        block.path("tool_use_id").asText(),
        textOf(block.path("content")),
        block.path("is_error").asBoolean(false));
  }

  /** The text of a content field that is either a string or an array of content blocks. */
  static String textOf(JsonNode content) {
    if (content.isTextual()) {
      return content.asText();
    }
    List<String> texts = new ArrayList<>();
    for (JsonNode block : content) {
      if (block.path("type").asText().equals("text")) {
        texts.add(block.path("text").asText());
      }
    }
    return String.join("\n", texts);
  }
}
