package dev.milktui.core.scan;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.protocol.PermissionDenial;
import java.math.BigDecimal;
import java.util.List;

/**
 * What one transcript shows: its session, turns, its tool calls and how they ended, stream-closed
 * failures, permission denials and errors. Each list keeps its first entries and counts all of them
 * ({@link Listed}), so a report's size does not grow with the file. {@code lines} counts the
 * non-blank lines, malformed ones included; {@code sessionId}, {@code claudeVersion} and {@code
 * workingDirectory} (claude's cwd) are the last ones seen. {@code turns}, {@code isError}, {@code
 * terminalReason} and {@code totalCostUsd} come from the {@code result} lines (the last one for the
 * latter three; the cost is the session's cumulative figure, kept exactly as printed). {@code
 * streamClosed} are the calls that failed because the permission channel was gone, and {@code
 * fixRules} the distinct rules that would have let them run ({@link StreamClosedFix}).
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
    Listed<Tool> tools,
    Listed<Tool> streamClosed,
    Listed<PermissionDenial> permissionDenials,
    Listed<String> errors,
    List<String> fixRules) {

  public ScanReport {
    fixRules = List.copyOf(fixRules);
  }

  /** One tool call; {@code name} is empty when its id was never announced. */
  public record Tool(String toolUseId, String name, JsonNode input, ToolOutcome outcome) {}
}
