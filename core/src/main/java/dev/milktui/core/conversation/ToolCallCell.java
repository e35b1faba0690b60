package dev.milktui.core.conversation;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.diff.FileDiff;
import dev.milktui.core.event.ToolCall;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.protocol.Json;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * One tool call in place: its name and input, how it ended, a short summary of its result, the diff
 * of a file change, and, for an agent call, what the subagent said and did ({@link #children}). The
 * result is kept up to {@link Conversation#TOOL_RESULT_KEEP} characters.
 */
public final class ToolCallCell implements Cell {
  private final String toolUseId;
  private final ToolCallCell parent;
  private final List<Cell> children = new ArrayList<>();
  private String name;
  private JsonNode input = Json.object();
  private ToolOutcome outcome = ToolOutcome.RUNNING;
  private String result = "";
  private String summary = "";
  private FileDiff diff;
  private Duration elapsed;
  private JsonNode answers;

  ToolCallCell(ToolCall call, ToolCallCell parent) {
    this.toolUseId = call.toolUseId();
    this.parent = parent;
    update(call);
  }

  public String toolUseId() {
    return toolUseId;
  }

  /** The agent call this call was made under, or null. */
  public ToolCallCell parent() {
    return parent;
  }

  public String name() {
    return name;
  }

  public JsonNode input() {
    return input;
  }

  public ToolOutcome outcome() {
    return outcome;
  }

  /** The result as far as it is kept, raw (the renderings clean it). */
  public String result() {
    return result;
  }

  /** One line saying what came of the call ("Read 42 lines", "denied: …"); empty while unknown. */
  public String summary() {
    return summary;
  }

  public Optional<FileDiff> diff() {
    return Optional.ofNullable(diff);
  }

  /** What an AskUserQuestion call was answered with, question by question; empty when unknown. */
  public List<QuestionAnswer> answers() {
    return QuestionAnswer.of(input, answers);
  }

  public Optional<Duration> elapsed() {
    return Optional.ofNullable(elapsed);
  }

  /** What a subagent said and did under this call, in order. */
  public List<Cell> children() {
    return Collections.unmodifiableList(children);
  }

  List<Cell> mutableChildren() {
    return children;
  }

  /** The top-level call this one is (or is nested in). */
  ToolCallCell root() {
    ToolCallCell cell = this;
    while (cell.parent != null) {
      cell = cell.parent;
    }
    return cell;
  }

  void update(ToolCall call) {
    name = call.name() == null ? "" : call.name();
    if (call.input() != null) {
      input = call.input();
    }
    outcome = call.outcome();
    elapsed = call.elapsed();
    if (call.answers() != null) {
      answers = call.answers();
    }
    String text = call.resultText() == null ? "" : call.resultText();
    result =
        text.length() > Conversation.TOOL_RESULT_KEEP
            ? text.substring(0, Conversation.TOOL_RESULT_KEEP)
                + "\n… ("
                + (text.length() - Conversation.TOOL_RESULT_KEEP)
                + " more characters not kept)"
            : text;
    summary = ResultSummary.of(name, input, outcome, text, diff);
  }

  void diff(FileDiff diff) {
    this.diff = diff;
    summary = ResultSummary.of(name, input, outcome, result, diff);
  }
}
