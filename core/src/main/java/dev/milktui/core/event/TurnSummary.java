package dev.milktui.core.event;

import dev.milktui.core.protocol.PermissionDenial;
import dev.milktui.core.protocol.Usage;
import java.util.List;

/**
 * The picture of one finished turn. {@code denials} are the result's permission denials that a
 * grant can change: not stream-closed failures (listed apart), and not refusals by the user or a
 * hook (a denial stays a denial); {@code turnCostUsd} is derived from the cumulative session cost;
 * {@code interrupted} when the turn was stopped by an interrupt, however the CLI's version said so.
 */
public record TurnSummary(
    int turnNumber,
    String sessionId,
    String text,
    List<ToolCall> tools,
    List<StreamClosedRecord> streamClosed,
    List<PermissionDenial> denials,
    int apiRetries,
    Usage usage,
    double turnCostUsd,
    double totalCostUsd,
    boolean isError,
    String subtype,
    String terminalReason,
    String resultText,
    List<String> errors,
    Integer apiErrorStatus,
    long durationMs,
    boolean interrupted) {

  /** True when the turn left calls that a grant and a retry could fix. */
  public boolean needsGrants() {
    return !streamClosed.isEmpty() || !denials.isEmpty();
  }
}
