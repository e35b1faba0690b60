package dev.milktui.core.event;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;

/**
 * A snapshot of one tool call. {@code name} is empty when the call's id was never announced; {@code
 * elapsed} is null while it runs. {@code resultText} is capped (the turn accumulator's {@code
 * RESULT_TEXT_CAP}). {@code answers} is what the CLI reported an AskUserQuestion call was answered
 * with ({@code tool_use_result.answers}: question → answer), else null.
 */
public record ToolCall(
    String toolUseId,
    String name,
    JsonNode input,
    String parentToolUseId,
    ToolOutcome outcome,
    String resultText,
    Instant startedAt,
    Duration elapsed,
    JsonNode answers) {

  /** A call without reported answers. */
  public ToolCall(
      String toolUseId,
      String name,
      JsonNode input,
      String parentToolUseId,
      ToolOutcome outcome,
      String resultText,
      Instant startedAt,
      Duration elapsed) {
    this(toolUseId, name, input, parentToolUseId, outcome, resultText, startedAt, elapsed, null);
  }

  public boolean finished() {
    return outcome != ToolOutcome.RUNNING;
  }
}
