package dev.milktui.tui.detail;

import dev.milktui.core.conversation.AssistantTextCell;
import dev.milktui.core.conversation.Cell;
import dev.milktui.core.conversation.NoticeCell;
import dev.milktui.core.conversation.PromptCell;
import dev.milktui.core.conversation.ThinkingCell;
import dev.milktui.core.conversation.ToolCallCell;
import dev.milktui.core.conversation.ToolNames;
import dev.milktui.core.conversation.TurnFooterCell;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.tui.dialog.PermissionDetails;
import dev.milktui.tui.transcript.DiffText;
import java.util.List;
import java.util.Locale;

/**
 * The detail view's text (Ctrl+O): the conversation's cells with nothing folded — every prompt,
 * reply and thinking block, every tool call with its whole input (every key, as an approval shows
 * it), its diff and its result as kept, subagents' work indented under their call.
 */
public final class DetailText {
  private final StringBuilder out = new StringBuilder();

  private DetailText() {}

  public static String of(List<Cell> cells) {
    DetailText text = new DetailText();
    cells.forEach(cell -> text.cell(cell, ""));
    return text.out.isEmpty() ? "(nothing in the conversation yet)" : text.out.toString().strip();
  }

  private void cell(Cell cell, String indent) {
    if (cell instanceof PromptCell p) {
      block(indent, "❯ ", p.text());
    } else if (cell instanceof ThinkingCell t) {
      block(indent, "✻ thinking: ", t.text());
    } else if (cell instanceof AssistantTextCell a) {
      block(indent, "● ", a.text());
    } else if (cell instanceof ToolCallCell call) {
      call(call, indent);
    } else if (cell instanceof NoticeCell n) {
      block(indent, "※ ", n.text());
    } else if (cell instanceof TurnFooterCell f) {
      line(
          indent,
          String.format(
              Locale.ROOT,
              "── turn %d: %d tokens, $%.4f, %.1f s%s",
              f.turnNumber(),
              f.tokens(),
              f.turnCostUsd(),
              f.durationMs() / 1000.0,
              f.interrupted() ? ", interrupted" : f.failed() ? ", failed" : ""));
      out.append('\n');
    }
  }

  private void call(ToolCallCell call, String indent) {
    String elapsed =
        call.elapsed()
            .map(d -> String.format(Locale.ROOT, " (%.1f s)", d.toMillis() / 1000.0))
            .orElse("");
    line(indent, "● " + ToolNames.shown(call.name()) + " · " + call.outcome().wireName() + elapsed);
    String inner = indent + "    ";
    line(indent, "  input:");
    block(inner, "", PermissionDetails.describe(call.name(), call.input()));
    call.diff()
        .ifPresent(
            diff -> {
              line(indent, "  diff:");
              block(inner, "", DiffText.of(diff));
            });
    line(indent, "  result:");
    block(
        inner,
        "",
        !call.result().isEmpty()
            ? call.result()
            : call.outcome() == ToolOutcome.RUNNING ? "(none yet)" : "(none)");
    call.children().forEach(child -> cell(child, inner));
  }

  /** {@code text} under {@code mark}, every line indented to the mark's column. */
  private void block(String indent, String mark, String text) {
    String[] lines = text.strip().split("\n", -1);
    String hanging = indent + " ".repeat(mark.codePointCount(0, mark.length()));
    for (int i = 0; i < lines.length; i++) {
      out.append(i == 0 ? indent + mark : hanging).append(lines[i]).append('\n');
    }
    if (indent.isEmpty() && !mark.isEmpty()) {
      out.append('\n');
    }
  }

  private void line(String indent, String text) {
    out.append(indent).append(text).append('\n');
  }
}
