package dev.milktui.tui.transcript;

import dev.milktui.core.conversation.Cell;
import dev.milktui.core.conversation.StreamedTextCell;
import dev.milktui.core.conversation.ThinkingCell;
import dev.milktui.core.conversation.ToolCallCell;
import dev.milktui.core.conversation.ToolInput;
import dev.milktui.core.diff.DiffLine;
import dev.milktui.core.diff.FileDiff;
import dev.milktui.core.turn.ToolOutcome;
import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.LineBreaker;
import dev.milktui.tui.text.Sanitizer;
import java.util.ArrayList;
import java.util.List;

/**
 * A tool call in the transcript: one line with the tool and its input ({@code ● Edit
 * src/Calc.java}), its result summary under it ({@code ⎿ Added 1 line, removed 1 line}), the
 * numbered diff of a file change, and, once expanded, the result and what a subagent said and did.
 * An agent's output stays folded until expanded.
 */
public final class CallBlock extends Block {
  /** Diff lines shown while the call is folded. */
  static final int DIFF_PREVIEW = 12;

  /** Result lines shown once expanded (the cell keeps the rest). */
  static final int RESULT_LINES = 200;

  private final ToolCallCell cell;
  private final List<ScreenLine> lines = new ArrayList<>();
  private boolean expanded;
  private boolean selected;
  private int width = 80;

  CallBlock(ToolCallCell cell) {
    this.cell = cell;
  }

  public ToolCallCell cell() {
    return cell;
  }

  public boolean expanded() {
    return expanded;
  }

  void expanded(boolean expanded) {
    this.expanded = expanded;
  }

  void selected(boolean selected) {
    this.selected = selected;
  }

  @Override
  int lineCount() {
    return lines.size();
  }

  @Override
  ScreenLine line(int line) {
    return lines.get(line);
  }

  @Override
  void wrap(int width) {
    this.width = Math.max(8, width);
    lines.clear();
    call(cell, "", true);
  }

  private void call(ToolCallCell call, String indent, boolean top) {
    Paragraph.Kind kind = kindOf(call.outcome());
    String name = Sanitizer.oneLine(call.name().isEmpty() ? "(unknown tool)" : call.name());
    String input = Sanitizer.oneLine(ToolInput.summary(call.name(), call.input()));
    String mark = top && selected ? "▶ " : "● ";
    add(
        kind,
        top && selected ? Paragraph.SELECTED : Paragraph.TOOL,
        indent + mark + name + " " + input);
    String summary = summary(call);
    if (!summary.isEmpty()) {
      add(kind, Paragraph.SUMMARY, indent + "  ⎿ " + Sanitizer.oneLine(summary));
    }
    call.diff().ifPresent(diff -> diff(diff, indent + "    ", top && !expanded));
    if (!top || !expanded) {
      return;
    }
    for (Cell child : call.children()) {
      if (child instanceof ToolCallCell nested) {
        call(nested, indent + "    ", false);
      } else if (child instanceof StreamedTextCell text) {
        String label =
            text instanceof ThinkingCell ? "    (subagent thinking) " : "    (subagent) ";
        prose(indent + label, Sanitizer.clean(text.text()));
      }
    }
    if (call.children().isEmpty() && !call.result().isEmpty() && call.diff().isEmpty()) {
      result(indent + "    ", Sanitizer.clean(call.result()));
    }
  }

  private String summary(ToolCallCell call) {
    String summary = call.summary();
    if (call.children().isEmpty()) {
      return summary;
    }
    long calls = call.children().stream().filter(ToolCallCell.class::isInstance).count();
    long texts = call.children().size() - calls;
    String agent =
        "subagent: "
            + calls
            + (calls == 1 ? " tool call, " : " tool calls, ")
            + texts
            + (texts == 1 ? " message" : " messages")
            + (expanded ? "" : " (folded)");
    return summary.isEmpty() ? agent : agent + " · " + summary;
  }

  private void diff(FileDiff diff, String indent, boolean folded) {
    int numbers = DiffText.numberWidth(diff);
    int shown = 0;
    for (DiffLine line : diff.lines()) {
      if (folded && shown == DIFF_PREVIEW) {
        add(
            Paragraph.Kind.INFO,
            Paragraph.SUMMARY,
            indent + "… " + (diff.lines().size() - shown) + " more diff lines (Enter expands)");
        return;
      }
      byte style =
          switch (line.kind()) {
            case ADDED -> Paragraph.ADDED;
            case REMOVED -> Paragraph.REMOVED;
            default -> Paragraph.CONTEXT;
          };
      DiffLine clean =
          new DiffLine(
              line.kind(), line.oldNumber(), line.newNumber(), Sanitizer.oneLine(line.text()));
      add(
          Paragraph.Kind.ASSISTANT,
          style,
          Columns.fit(indent + DiffText.line(clean, numbers), width));
      shown++;
    }
    if (diff.cut()) {
      add(Paragraph.Kind.INFO, Paragraph.SUMMARY, indent + "… (the rest of the diff is not kept)");
    }
  }

  private void prose(String indent, String text) {
    int room = Math.max(4, width - Columns.width(indent));
    String pad = " ".repeat(Columns.width(indent));
    boolean[] first = {true};
    for (String logical : text.split("\n", -1)) {
      LineBreaker.breakLine(
          logical,
          0,
          logical.length(),
          room,
          true,
          (s, e) -> {
            add(
                Paragraph.Kind.ASSISTANT,
                Paragraph.PROSE,
                (first[0] ? indent : pad) + logical.substring(s, e));
            first[0] = false;
          });
    }
  }

  private void result(String indent, String text) {
    int room = Math.max(4, width - Columns.width(indent));
    int[] count = {0};
    String[] logical = text.split("\n", -1);
    for (String line : logical) {
      if (count[0] >= RESULT_LINES) {
        add(
            Paragraph.Kind.INFO,
            Paragraph.SUMMARY,
            indent + "… (more in the tool pane: Enter on its row)");
        return;
      }
      LineBreaker.breakLine(
          line,
          0,
          line.length(),
          room,
          false,
          (s, e) -> {
            add(Paragraph.Kind.ASSISTANT, Paragraph.CONTEXT, indent + line.substring(s, e));
            count[0]++;
          });
    }
  }

  private void add(Paragraph.Kind kind, byte style, String text) {
    lines.add(new ScreenLine(kind, style, Columns.fit(text, width)));
  }

  private static Paragraph.Kind kindOf(ToolOutcome outcome) {
    return switch (outcome) {
      case RUNNING -> Paragraph.Kind.INFO;
      case OK -> Paragraph.Kind.ASSISTANT;
      case ERROR -> Paragraph.Kind.ERROR;
      case DENIED, STREAM_CLOSED, INTERRUPTED, NO_RESULT -> Paragraph.Kind.WARNING;
    };
  }
}
