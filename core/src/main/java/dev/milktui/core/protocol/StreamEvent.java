package dev.milktui.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/** The raw Anthropic SSE event inside a {@code stream_event} line. */
public sealed interface StreamEvent {

  record MessageStart(String messageId, String model, Usage usage) implements StreamEvent {}

  /** For a tool_use block the start carries the id and name; its input streams as deltas. */
  record ContentBlockStart(int index, ContentBlock block) implements StreamEvent {}

  record ContentBlockDelta(int index, Delta delta) implements StreamEvent {}

  record ContentBlockStop(int index) implements StreamEvent {}

  record MessageDelta(String stopReason, Integer outputTokens) implements StreamEvent {}

  /** {@code abandoned} is true when the CLI synthesised the stop after a broken stream. */
  record MessageStop(boolean abandoned) implements StreamEvent {}

  record Other(String type, JsonNode raw) implements StreamEvent {}

  /** A content block delta. */
  sealed interface Delta {
    record Text(String text) implements Delta {}

    record Thinking(String thinking) implements Delta {}

    record InputJson(String partialJson) implements Delta {}

    record Other(String type, JsonNode raw) implements Delta {}
  }
}
