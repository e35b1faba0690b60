package dev.milktui.core.export;

import dev.milktui.core.conversation.AssistantTextCell;
import dev.milktui.core.conversation.Cell;
import dev.milktui.core.conversation.NoticeCell;
import dev.milktui.core.conversation.PromptCell;
import dev.milktui.core.conversation.StreamedTextCell;
import dev.milktui.core.conversation.ThinkingCell;
import dev.milktui.core.conversation.ToolCallCell;
import dev.milktui.core.conversation.ToolInput;
import dev.milktui.core.conversation.TurnFooterCell;
import dev.milktui.core.diff.DiffLine;
import dev.milktui.core.diff.FileDiff;
import dev.milktui.core.io.OwnerOnlyFiles;
import dev.milktui.core.text.TerminalText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The conversation's cells as Markdown, the same cells the screen shows: the user's and Claude's
 * sections as {@code ##} headings with the headings inside their text moved two levels down (so
 * they sit under them), each tool call in call order with its input and result summary, diffs as
 * fenced {@code diff} blocks, denial reasons, notices and each turn's cost. The document is cleaned
 * as a whole ({@link TerminalText#clean}), so no escape sequence reaches the file.
 */
public final class MarkdownExport {
  private static final int HEADING_SHIFT = 2;

  private final StringBuilder out = new StringBuilder("# Claude session\n");
  private String section;

  private MarkdownExport() {}

  public static String render(List<Cell> cells) {
    MarkdownExport export = new MarkdownExport();
    for (Cell cell : cells) {
      export.cell(cell);
    }
    return TerminalText.clean(export.out.toString());
  }

  /**
   * Writes {@code markdown}, replacing {@code file}; a new file (and any folder made for it) is
   * readable by the user only, since it holds the whole conversation.
   */
  public static void write(Path file, String markdown) throws IOException {
    OwnerOnlyFiles.createFileIfMissing(file);
    Files.writeString(file, markdown, StandardCharsets.UTF_8);
  }

  private void cell(Cell cell) {
    if (cell instanceof PromptCell prompt) {
      section(prompt.automatic() ? "You (sent by milk-tui)" : "You", true);
      out.append(shiftHeadings(prompt.text())).append('\n');
    } else if (cell instanceof AssistantTextCell text) {
      claude();
      out.append(shiftHeadings(text.text())).append('\n');
    } else if (cell instanceof ThinkingCell thinking) {
      claude();
      out.append(quoted("*thinking:* " + thinking.text(), "")).append('\n');
    } else if (cell instanceof ToolCallCell call) {
      claude();
      tool(call, "");
    } else if (cell instanceof NoticeCell notice) {
      out.append('\n')
          .append(quoted(notice.level().name().toLowerCase(Locale.ROOT) + ": " + notice.text(), ""))
          .append('\n');
    } else if (cell instanceof TurnFooterCell footer) {
      out.append(
          String.format(
              Locale.ROOT,
              "%n*Turn %d: %s, %d tokens, $%.4f (session $%.4f), %.1f s*%n",
              footer.turnNumber(),
              footer.interrupted() ? "interrupted" : footer.failed() ? "error" : "done",
              footer.tokens(),
              footer.turnCostUsd(),
              footer.totalCostUsd(),
              footer.durationMs() / 1000.0));
      section = null;
    }
  }

  /** Claude's section goes on with a blank line, or starts. */
  private void claude() {
    if ("Claude".equals(section)) {
      out.append('\n');
    } else {
      section("Claude", false);
    }
  }

  /** A new section heading when the speaker changes (a prompt always starts one). */
  private void section(String title, boolean always) {
    if (always || !title.equals(section)) {
      out.append("\n## ").append(title).append("\n\n");
      section = title;
    }
  }

  private void tool(ToolCallCell call, String indent) {
    String input = ToolInput.summary(call.name(), call.input()).replace("`", "'");
    out.append(indent)
        .append("- **")
        .append(call.name().isEmpty() ? "?" : call.name())
        .append("**");
    if (!input.isBlank()) {
      out.append(" `").append(TerminalText.oneLine(input)).append('`');
    }
    if (!call.summary().isEmpty()) {
      out.append(" — ").append(call.summary());
    }
    out.append('\n');
    String inner = indent + "  ";
    call.diff().ifPresent(diff -> diff(diff, inner));
    for (Cell child : call.children()) {
      if (child instanceof ToolCallCell nested) {
        tool(nested, inner);
      } else if (child instanceof StreamedTextCell text) {
        String label = text instanceof ThinkingCell ? "*subagent thinking:* " : "*subagent:* ";
        out.append('\n').append(quoted(label + text.text(), inner)).append("\n\n");
      }
    }
  }

  private void diff(FileDiff diff, String indent) {
    out.append('\n').append(indent).append("```diff\n");
    for (DiffLine line : diff.lines()) {
      out.append(indent);
      switch (line.kind()) {
        case GAP -> out.append("@@ … @@");
        case CONTEXT -> out.append(' ').append(line.text());
        case REMOVED -> out.append('-').append(line.text());
        case ADDED -> out.append('+').append(line.text());
      }
      out.append('\n');
    }
    if (diff.cut()) {
      out.append(indent).append("@@ (the rest of the diff is not kept) @@\n");
    }
    out.append(indent).append("```\n");
  }

  private static String quoted(String text, String indent) {
    return indent + "> " + text.strip().replace("\n", "\n" + indent + "> ");
  }

  /** Moves ATX headings down so they sit under the section headings; code fences are left alone. */
  static String shiftHeadings(String text) {
    StringBuilder shifted = new StringBuilder(text.length() + 16);
    String fence = null;
    for (String line : text.split("\n", -1)) {
      String stripped = line.stripLeading();
      if (fence == null && (stripped.startsWith("```") || stripped.startsWith("~~~"))) {
        fence = stripped.substring(0, 3);
      } else if (fence != null && stripped.startsWith(fence)) {
        fence = null;
      } else if (fence == null && line.startsWith("#")) {
        int level = 0;
        while (level < line.length() && line.charAt(level) == '#') {
          level++;
        }
        if (level <= 6 && (level == line.length() || line.charAt(level) == ' ')) {
          line = "#".repeat(Math.min(6, level + HEADING_SHIFT)) + line.substring(level);
        }
      }
      shifted.append(line).append('\n');
    }
    shifted.setLength(shifted.length() - 1);
    return shifted.toString();
  }
}
