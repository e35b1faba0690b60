package dev.milktui.core.scan;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.protocol.PermissionDenial;
import dev.milktui.core.turn.ToolOutcome;
import java.math.BigDecimal;
import java.util.List;

/**
 * What one transcript shows: its session, turns, every tool call and how it ended, stream-closed
 * failures, permission denials and errors. {@code lines} counts the non-blank lines, malformed ones
 * included; {@code sessionId}, {@code claudeVersion} and {@code workingDirectory} (claude's cwd)
 * are the last ones seen. {@code turns}, {@code isError}, {@code terminalReason} and {@code
 * totalCostUsd} come from the {@code result} lines (the last one for the latter three; the cost is
 * the session's cumulative figure, kept exactly as printed).
 */
public record ScanReport(
    String file,
    long lines,
    long malformedLines,
    String sessionId,
    String claudeVersion,
    String workingDirectory,
    int turns,
    boolean isError,
    String terminalReason,
    BigDecimal totalCostUsd,
    List<Tool> tools,
    List<PermissionDenial> permissionDenials,
    List<String> errors) {

  /** One tool call; {@code name} is empty when its id was never announced. */
  public record Tool(String toolUseId, String name, JsonNode input, ToolOutcome outcome) {}

  /** The calls that failed because the permission channel was gone. */
  public List<Tool> streamClosed() {
    return tools.stream().filter(t -> t.outcome() == ToolOutcome.STREAM_CLOSED).toList();
  }
}
