package dev.milktui.core.turn;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.protocol.ContentBlock;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.ResultMessage;
import dev.milktui.core.protocol.ToolResultMeta;
import dev.milktui.core.protocol.UserMessage;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * How a tool call ended, read from its result and its turn's end: the one reading shared by a live
 * session ({@link TurnAccumulator}) and {@code milk-tui scan}, so both name the same outcome.
 */
public final class ToolOutcomes {
  private ToolOutcomes() {}

  /**
   * The outcome a tool result gives its call. {@code deniedIds} are the calls the turn's {@code
   * permission_denied} lines named.
   */
  public static ToolOutcome of(
      ContentBlock.ToolResult result,
      UserMessage message,
      Optional<ToolResultMeta> meta,
      Set<String> deniedIds) {
    if (StreamClosedDetector.isStreamClosed(result, meta)) {
      return ToolOutcome.STREAM_CLOSED;
    }
    if (!result.failed()) {
      return interrupted(message) ? ToolOutcome.INTERRUPTED : ToolOutcome.OK;
    }
    // A non_execution_kind alone also means "not run for want of permission" (deny+interrupt).
    if (meta.isPresent()
        && ("reject".equals(meta.get().decision()) || meta.get().nonExecutionKind() != null)) {
      return ToolOutcome.DENIED;
    }
    if (deniedIds.contains(result.toolUseId())) {
      return ToolOutcome.DENIED;
    }
    String lower = result.text().toLowerCase(Locale.ROOT);
    if (lower.contains("was stopped while running") || interrupted(message)) {
      return ToolOutcome.INTERRUPTED;
    }
    return ToolOutcome.ERROR;
  }

  /** The {@code tool_result_meta} entry of one call, when the line has one. */
  public static Optional<ToolResultMeta> metaFor(UserMessage message, String toolUseId) {
    return message.toolResultMeta().stream()
        .filter(meta -> toolUseId.equals(meta.toolUseId()))
        .findFirst();
  }

  /**
   * Whether a turn was interrupted. A CLI that names why a turn ended is believed; before 2.1 only
   * the interrupt marker in a user line ({@code markerSeen}), or a plain {@code
   * error_during_execution} after an interrupt the host sent, says it.
   */
  public static boolean turnInterrupted(
      ResultMessage result, boolean markerSeen, boolean interruptSent) {
    return result.terminalReason() != null
        ? result.terminalReason().startsWith("aborted")
        : markerSeen || (interruptSent && "error_during_execution".equals(result.subtype()));
  }

  /**
   * What a call still running when its turn ends became: the turn was interrupted, or it never
   * ended.
   */
  public static ToolOutcome unfinished(boolean turnInterrupted) {
    return turnInterrupted ? ToolOutcome.INTERRUPTED : ToolOutcome.NO_RESULT;
  }

  /** A call that failed and that the turn's result lists among its denials was denied. */
  public static ToolOutcome afterDenial(ToolOutcome outcome) {
    return outcome == ToolOutcome.ERROR ? ToolOutcome.DENIED : outcome;
  }

  /**
   * The answers an AskUserQuestion call got, as the CLI reports them beside its result ({@code
   * tool_use_result.answers}, question → answer) [p8e-long-answer-plans-kept]; null for any other
   * call or when the CLI reports none. Only these are kept: other tools' reported results can be as
   * large as a file.
   */
  public static JsonNode answers(String toolName, UserMessage message) {
    JsonNode structured = message.toolUseResult();
    if (!"AskUserQuestion".equals(toolName) || structured == null) {
      return null;
    }
    JsonNode answers = structured.get("answers");
    return answers != null && answers.isObject() && !answers.isEmpty() ? answers : null;
  }

  private static boolean interrupted(UserMessage message) {
    JsonNode structured = message.toolUseResult();
    return structured != null && Json.isTrue(structured, "interrupted");
  }
}
