package dev.milktui.tui.exit;

import dev.milktui.core.conversation.AssistantTextCell;
import dev.milktui.core.conversation.Cell;
import dev.milktui.core.conversation.ToolCallCell;
import dev.milktui.core.conversation.TurnFooterCell;
import dev.milktui.tui.app.UiState;
import dev.milktui.tui.markdown.MarkdownRenderer;
import dev.milktui.tui.text.Sanitizer;
import dev.milktui.tui.text.StyledLine;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What stays on the terminal's normal screen once the full screen closes: Claude's last reply as
 * plain text wrapped to the width, a line with the run's turns, tool calls and cost, and the
 * command that resumes the session. Everything printed is cleaned of controls, so Claude's text
 * cannot change the shell's terminal.
 */
public final class ExitSummary {
  /** A session id as claude makes them; anything else is not offered as a command. */
  private static final Pattern SESSION_ID = Pattern.compile("[0-9A-Za-z._-]{1,128}");

  private ExitSummary() {}

  /** The text to print (each line ended by a newline); empty when there is nothing to say. */
  public static String render(List<Cell> cells, UiState state, int width) {
    List<String> lines = new ArrayList<>();
    for (StyledLine line : MarkdownRenderer.render(lastReply(cells), Math.max(20, width))) {
      lines.add(Sanitizer.clean(line.plain()).stripTrailing());
    }
    String summary = summary(cells, state);
    if (!summary.isEmpty()) {
      if (!lines.isEmpty()) {
        lines.add("");
      }
      lines.add(summary);
    }
    String id = state.sessionId();
    if (id != null && SESSION_ID.matcher(id).matches()) {
      lines.add("Resume with: milk-tui --resume " + id);
    }
    StringBuilder out = new StringBuilder();
    for (String line : lines) {
      out.append(line).append('\n');
    }
    return out.toString();
  }

  /**
   * Claude's own last message: the text blocks of the newest top-level reply, in order (a reply
   * split by tool calls is one message per call, so only its end is the answer).
   */
  static String lastReply(List<Cell> cells) {
    String message = null;
    List<String> blocks = new ArrayList<>();
    for (int i = cells.size() - 1; i >= 0; i--) {
      if (!(cells.get(i) instanceof AssistantTextCell text) || text.parentToolUseId() != null) {
        continue;
      }
      if (message == null) {
        message = text.messageId();
      } else if (!message.equals(text.messageId())) {
        break;
      }
      blocks.add(0, Sanitizer.clean(text.text()));
    }
    return String.join("\n\n", blocks);
  }

  private static String summary(List<Cell> cells, UiState state) {
    long turns = cells.stream().filter(TurnFooterCell.class::isInstance).count();
    long tools = cells.stream().filter(ToolCallCell.class::isInstance).count();
    if (turns == 0 && tools == 0) {
      return "";
    }
    StringBuilder out = new StringBuilder("milk-tui: ");
    out.append(turns).append(turns == 1 ? " turn" : " turns");
    out.append(" · ").append(tools).append(tools == 1 ? " tool call" : " tool calls");
    if (state.costUsd() > 0) {
      out.append(" · ")
          .append(
              String.format(
                  Locale.ROOT, state.costUsd() < 0.01 ? "$%.4f" : "$%.2f", state.costUsd()));
    }
    return out.toString();
  }
}
