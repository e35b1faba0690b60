package dev.milktui.core.export;

import dev.milktui.core.conversation.AssistantTextCell;
import dev.milktui.core.conversation.Cell;
import dev.milktui.core.conversation.NoticeCell;
import dev.milktui.core.conversation.PromptCell;
import dev.milktui.core.conversation.StreamedTextCell;
import dev.milktui.core.conversation.ThinkingCell;
import dev.milktui.core.conversation.ToolCallCell;
import dev.milktui.core.conversation.ToolInput;
import dev.milktui.core.conversation.ToolNames;
import dev.milktui.core.conversation.TurnFooterCell;
import dev.milktui.core.diff.DiffLine;
import dev.milktui.core.diff.FileDiff;
import dev.milktui.core.io.OwnerOnlyFiles;
import dev.milktui.core.text.TerminalText;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The conversation's cells as Markdown, the same cells the screen shows: the user's and Claude's
 * sections as {@code ##} headings with the headings inside their text moved two levels down (so
 * they sit under them; {@link ShiftedMarkdown}), each tool call in call order with its input and
 * result summary, diffs as fenced {@code diff} blocks, denial reasons, notices and each turn's
 * cost. The document is cleaned as a whole ({@link TerminalText#clean}), so no escape sequence
 * reaches the file.
 */
public final class MarkdownExport {
  private static final int HEADING_SHIFT = 2;

  private final StringBuilder out = new StringBuilder("# Claude session\n");
  private final Appendable target;
  private String section;

  private MarkdownExport(Appendable target) {
    this.target = target;
  }

  public static String render(List<Cell> cells) {
    StringBuilder markdown = new StringBuilder();
    try {
      to(markdown).append(cells);
    } catch (IOException e) {
      throw new UncheckedIOException("a StringBuilder does not fail", e);
    }
    return markdown.toString();
  }

  /**
   * An export written to {@code target} batch by batch ({@link #append}), for a conversation too
   * long to hold: each batch's Markdown is cleaned and appended as it comes, then dropped.
   */
  public static MarkdownExport to(Appendable target) {
    return new MarkdownExport(target);
  }

  /**
   * Appends the Markdown of {@code cells}, which follow those of the previous batches (the
   * document's heading comes with the first). All cells in one batch give the same document as
   * {@link #render}.
   */
  public void append(List<Cell> cells) throws IOException {
    for (Cell cell : cells) {
      cell(cell);
    }
    target.append(TerminalText.clean(out.toString()));
    out.setLength(0);
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
      out.append(ShiftedMarkdown.of(prompt.text(), HEADING_SHIFT)).append('\n');
    } else if (cell instanceof AssistantTextCell text) {
      claude();
      out.append(ShiftedMarkdown.of(text.text(), HEADING_SHIFT)).append('\n');
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
    String input = TerminalText.oneLine(ToolInput.summary(call.name(), call.input()));
    out.append(indent).append("- **").append(ToolNames.shown(call.name())).append("**");
    if (!input.isBlank()) {
      out.append(' ').append(codeSpan(input));
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
    // The fence is longer than any run of backticks in the lines (a diff of a Markdown file).
    int ticks = 2;
    for (DiffLine line : diff.lines()) {
      ticks = Math.max(ticks, longestRun(line.text(), '`'));
    }
    String fence = "`".repeat(ticks + 1);
    out.append('\n').append(indent).append(fence).append("diff\n");
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
    out.append(indent).append(fence).append('\n');
  }

  private static String quoted(String text, String indent) {
    return indent + "> " + text.strip().replace("\n", "\n" + indent + "> ");
  }

  /** {@code text} as an inline code span, whatever backticks it holds (none are changed). */
  static String codeSpan(String text) {
    String ticks = "`".repeat(longestRun(text, '`') + 1);
    boolean pad = text.startsWith("`") || text.endsWith("`");
    return ticks + (pad ? " " + text + " " : text) + ticks;
  }

  private static int longestRun(String text, char c) {
    int longest = 0;
    int run = 0;
    for (int i = 0; i < text.length(); i++) {
      run = text.charAt(i) == c ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    return longest;
  }
}
