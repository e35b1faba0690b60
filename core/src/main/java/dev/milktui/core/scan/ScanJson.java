package dev.milktui.core.scan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.PermissionDenial;
import dev.milktui.core.text.TerminalSafeJson;

/**
 * The one-line JSON form of a {@link ScanReport} ({@code milk-tui scan --json}). Each list holds
 * the entries the report kept; its {@code *_total} field counts all of them. Written by {@link
 * TerminalSafeJson}: a recorded escape sequence or bidi override never reaches the terminal.
 */
public final class ScanJson {
  private ScanJson() {}

  public static String line(ScanReport report) {
    ObjectNode out = Json.object();
    out.put("file", report.file());
    out.put("lines", report.lines());
    out.put("malformed_lines", report.malformedLines());
    out.put("session_id", report.sessionId());
    out.put("claude_version", report.claudeVersion());
    out.put("turns", report.turns());
    out.put("is_error", report.isError());
    out.put("terminal_reason", report.terminalReason());
    out.put("total_cost_usd", report.totalCostUsd());
    out.put("tools_total", report.tools().total());
    ArrayNode tools = out.putArray("tools");
    for (ScanReport.Tool tool : report.tools().items()) {
      ObjectNode entry = tools.addObject().put("tool_use_id", tool.toolUseId());
      entry.put("name", tool.name());
      entry.set("input", tool.input());
      entry.put("outcome", tool.outcome().wireName());
    }
    out.put("stream_closed_total", report.streamClosed().total());
    ArrayNode closed = out.putArray("stream_closed");
    report.streamClosed().items().forEach(t -> call(closed, t.toolUseId(), t.name(), t.input()));
    out.put("permission_denials_total", report.permissionDenials().total());
    ArrayNode denials = out.putArray("permission_denials");
    for (PermissionDenial denial : report.permissionDenials().items()) {
      call(denials, denial.toolUseId(), denial.toolName(), denial.toolInput());
    }
    out.put("errors_total", report.errors().total());
    ArrayNode errors = out.putArray("errors");
    report.errors().items().forEach(errors::add);
    StreamClosedFix.grantsCommand(report).ifPresent(command -> out.put("fix", command));
    return TerminalSafeJson.write(out);
  }

  private static void call(ArrayNode array, String toolUseId, String tool, JsonNode input) {
    ObjectNode entry = array.addObject().put("tool_use_id", toolUseId).put("tool", tool);
    entry.set("input", input);
  }
}
