package dev.milktui.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/** A block of an assistant or user message. */
public sealed interface ContentBlock {

  record Text(String text) implements ContentBlock {}

  record Thinking(String thinking) implements ContentBlock {}

  /** {@code input} is the parsed tool input object (empty while it is still streaming). */
  record ToolUse(String id, String name, JsonNode input) implements ContentBlock {}

  /**
   * A tool's result. {@code text} joins the content whether it came as a plain string or as text
   * blocks; {@code isError} is null when the CLI left the field out (successful Read/Write/Edit).
   */
  record ToolResult(String toolUseId, String text, Boolean isError) implements ContentBlock {
    public boolean failed() {
      return Boolean.TRUE.equals(isError);
    }
  }

  record Other(String type, JsonNode raw) implements ContentBlock {}
}
