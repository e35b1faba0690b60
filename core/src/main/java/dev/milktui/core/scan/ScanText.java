package dev.milktui.core.scan;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.PermissionDenial;
import dev.milktui.core.text.TerminalText;

/**
 * The human-readable form of a {@link ScanReport} ({@code milk-tui scan}). Every value comes from a
 * recorded file, so each line is printed through {@link TerminalText#oneLine}: a clipboard write,
 * title or C1 sequence in a tool name or result never reaches the terminal.
 */
public final class ScanText {
  /** Tool inputs are cut to this many characters: a Write's content can be a whole file. */
  static final int INPUT_CHARS = 120;

  private ScanText() {}

  public static String render(ScanReport report) {
    StringBuilder out = new StringBuilder();
    out.append(TerminalText.oneLine(String.valueOf(report.file()))).append('\n');
    field(out, "session", orNone(report.sessionId()) + version(report.claudeVersion()));
    field(out, "lines", report.lines() + " (" + report.malformedLines() + " malformed)");
    field(out, "turns", report.turns() + lastTurn(report));
    field(out, "cost", "$" + report.totalCostUsd().toPlainString() + " (session total)");
    Listed<ScanReport.Tool> tools = report.tools();
    field(out, "tools", String.valueOf(tools.total()));
    tools
        .items()
        .forEach(t -> item(out, t.outcome().wireName(), t.name(), t.toolUseId(), t.input()));
    more(out, tools);
    Listed<ScanReport.Tool> closed = report.streamClosed();
    field(out, "stream closed", closed.isEmpty() ? "none" : String.valueOf(closed.total()));
    closed.items().forEach(t -> item(out, "FAILED", t.name(), t.toolUseId(), t.input()));
    more(out, closed);
    StreamClosedFix.grantsCommand(report)
        .ifPresent(
            command -> out.append("    fix: ").append(TerminalText.oneLine(command)).append('\n'));
    Listed<PermissionDenial> denials = report.permissionDenials();
    field(out, "denials", denials.isEmpty() ? "none" : String.valueOf(denials.total()));
    denials.items().forEach(d -> item(out, "denied", d.toolName(), d.toolUseId(), d.toolInput()));
    more(out, denials);
    Listed<String> errors = report.errors();
    field(out, "errors", errors.isEmpty() ? "none" : String.valueOf(errors.total()));
    errors.items().forEach(e -> out.append("    ").append(TerminalText.oneLine(e)).append('\n'));
    more(out, errors);
    return out.toString();
  }

  private static void more(StringBuilder out, Listed<?> listed) {
    if (listed.omitted() > 0) {
      out.append("    … and ").append(listed.omitted()).append(" more, not listed\n");
    }
  }

  private static void field(StringBuilder out, String name, String value) {
    out.append("  ")
        .append(String.format("%-14s", name))
        .append(TerminalText.oneLine(value))
        .append('\n');
  }

  private static void item(
      StringBuilder out, String label, String tool, String toolUseId, JsonNode input) {
    String shown = TerminalText.oneLine(Json.write(input));
    if (shown.length() > INPUT_CHARS) {
      shown = shown.substring(0, INPUT_CHARS) + "…";
    }
    out.append("    ")
        .append(String.format("%-14s", label))
        .append(tool.isEmpty() ? "(unknown tool)" : TerminalText.oneLine(tool))
        .append(' ')
        .append(TerminalText.oneLine(orNone(toolUseId)))
        .append(' ')
        .append(shown)
        .append('\n');
  }

  private static String lastTurn(ScanReport report) {
    if (report.turns() == 0) {
      return " (no result line)";
    }
    return ", last "
        + orNone(report.terminalReason())
        + (report.isError() ? ", is_error true" : ", is_error false");
  }

  private static String version(String claudeVersion) {
    return claudeVersion == null ? "" : " (claude " + claudeVersion + ")";
  }

  private static String orNone(String value) {
    return value == null ? "none" : value;
  }
}
