package dev.milktui.tui.transcript;

import dev.milktui.core.conversation.Cell;
import dev.milktui.core.conversation.StreamedTextCell;
import dev.milktui.core.conversation.ThinkingCell;
import dev.milktui.core.conversation.ToolCallCell;
import dev.milktui.core.conversation.ToolInput;
import dev.milktui.core.conversation.ToolNames;
import dev.milktui.core.diff.DiffLine;
import dev.milktui.core.diff.FileDiff;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.LineBreaker;
import dev.milktui.tui.text.LinkedText;
import dev.milktui.tui.text.PathText;
import dev.milktui.tui.text.Sanitizer;
import dev.milktui.tui.text.Span;
import dev.milktui.tui.text.StyledLine;
import dev.milktui.tui.text.TextStyle;
import dev.milktui.tui.tools.InputSummary;
import java.util.ArrayList;
import java.util.List;

/**
 * A tool call in the transcript: one line with the tool and its input ({@code ● Edit
 * src/Calc.java}), its result summary under it ({@code ⎿ Added 1 line, removed 1 line}), the
 * numbered, signed diff of a file change, and, once expanded, the result and what a subagent said
 * and did. An agent's output stays folded until expanded.
 */
public final class CallBlock extends Block {
  /** Diff lines shown while the call is folded. */
  static final int DIFF_PREVIEW = 12;

  /** Result lines shown once expanded (the cell keeps more, the tool pane shows it all). */
  static final int RESULT_LINES = 200;

  private final ToolCallCell cell;
  private final List<StyledLine> lines = new ArrayList<>();
  private boolean expanded;
  private boolean selected;
  private int width = 80;
  private boolean stale = true;

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
    return laidOut().size();
  }

  @Override
  StyledLine line(int line) {
    return laidOut().get(line);
  }

  @Override
  void wrap(int width) {
    this.width = Math.max(8, width);
    stale = true;
  }

  /**
   * The lines, laid out again if the call changed since: a call reports its start, input and end
   * within one frame as often as not, and only what is drawn needs the layout.
   */
  private List<StyledLine> laidOut() {
    if (stale) {
      stale = false;
      lines.clear();
      call(cell, "", true);
    }
    return lines;
  }

  /**
   * The lines the call shows once expanded, what the search looks in: a folded call's hidden output
   * is found too (and unfolded when a match in it is shown).
   */
  List<StyledLine> searchLines() {
    if (expanded) {
      return List.copyOf(laidOut());
    }
    List<StyledLine> folded = List.copyOf(laidOut());
    expanded = true;
    stale = true;
    List<StyledLine> all = List.copyOf(laidOut());
    expanded = false;
    lines.clear();
    lines.addAll(folded);
    return all;
  }

  private void call(ToolCallCell call, String indent, boolean top) {
    TextStyle outcome = styleOf(call.outcome());
    String name = Sanitizer.oneLine(ToolNames.shown(call.name()));
    String input = Sanitizer.oneLine(ToolInput.summary(call.name(), call.input()));
    if (!input.isEmpty() && input.equals(Sanitizer.oneLine(InputSummary.path(call.input())))) {
      // A path is cut from the left, so its file name stays.
      input = PathText.fit(input, width - Columns.width(indent) - 3 - Columns.width(name));
    }
    boolean cursor = top && selected;
    add(
        new Span(indent, TextStyle.PLAIN),
        new Span(cursor ? "▶ " : "● ", cursor ? TextStyle.SELECTED : outcome),
        new Span(name, cursor ? TextStyle.SELECTED : TextStyle.STRONG),
        new Span(input.isEmpty() ? "" : " " + input, TextStyle.PLAIN));
    List<StyledLine> section = CallSections.of(call, indent, width, top && !expanded);
    String summary = section == null ? summary(call) : "";
    if (section != null) {
      lines.addAll(section);
    } else if (!summary.isEmpty()) {
      TextStyle style =
          outcome == TextStyle.OK || outcome == TextStyle.RUNNING ? TextStyle.DIM : outcome;
      add(new Span(indent + "  ⎿ ", TextStyle.DIM), new Span(Sanitizer.oneLine(summary), style));
    }
    call.diff().ifPresent(diff -> diff(diff, indent + "    ", top && !expanded));
    if (!top || !expanded) {
      return;
    }
    for (Cell child : call.children()) {
      if (child instanceof ToolCallCell nested) {
        call(nested, indent + "    ", false);
      } else if (child instanceof StreamedTextCell text) {
        String label = text instanceof ThinkingCell ? "(subagent thinking) " : "(subagent) ";
        prose(indent + "    ", label, Sanitizer.clean(text.text()));
      }
    }
    if (section == null
        && call.children().isEmpty()
        && !call.result().isEmpty()
        && call.diff().isEmpty()) {
      result(indent + "    ", Sanitizer.clean(call.result()));
    }
    String written = "Write".equals(call.name()) ? ToolInput.text(call.input(), "content") : "";
    if (!written.isEmpty() && call.diff().isEmpty()) {
      // What was written, where no diff shows it.
      add(new Span(indent + "    ▸ content:", TextStyle.DIM));
      result(indent + "    ", Sanitizer.clean(written));
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
            + (expanded ? "" : " (folded: n/p, Enter)");
    return summary.isEmpty() ? agent : agent + " · " + summary;
  }

  private void diff(FileDiff diff, String indent, boolean folded) {
    int numbers = DiffText.numberWidth(diff);
    int shown = 0;
    for (DiffLine line : diff.lines()) {
      if (folded && shown == DIFF_PREVIEW) {
        add(
            new Span(
                indent + "… " + (diff.lines().size() - shown) + " more diff lines (Enter expands)",
                TextStyle.DIM));
        return;
      }
      TextStyle style =
          switch (line.kind()) {
            case ADDED -> TextStyle.DIFF_ADDED;
            case REMOVED -> TextStyle.DIFF_REMOVED;
            default -> TextStyle.DIFF_CONTEXT;
          };
      String text =
          DiffText.line(
              new DiffLine(
                  line.kind(),
                  line.oldNumber(),
                  line.newNumber(),
                  Columns.expandTabs(Sanitizer.clean(line.text()))),
              numbers);
      // The number is dim; the sign and the line carry the colour (and the sign, without colour).
      String body = text.substring(numbers);
      int sign = Math.min(3, body.length());
      diffLine(
          indent + text.substring(0, numbers),
          body.substring(0, sign),
          body.substring(sign),
          style);
      shown++;
    }
    if (diff.cut()) {
      add(new Span(indent + "… (the rest of the diff is not kept)", TextStyle.DIM));
    }
  }

  /**
   * One diff line: its number, its sign and its text, which, longer than the pane, goes on under
   * itself after the number and sign (nothing of a changed line is hidden).
   */
  private void diffLine(String number, String sign, String text, TextStyle style) {
    int lead = Columns.width(number) + Columns.width(sign);
    String hang = " ".repeat(lead);
    int before = lines.size();
    LineBreaker.breakLine(
        text,
        0,
        text.length(),
        Math.max(4, width - lead),
        false,
        (s, e) -> {
          boolean first = lines.size() == before;
          add(
              new Span(first ? number : hang, TextStyle.LINE_NUMBER),
              new Span((first ? sign : "") + text.substring(s, e), style));
        });
  }

  private void prose(String indent, String label, String text) {
    int room = Math.max(4, width - Columns.width(indent));
    String all = label + text;
    for (String raw : all.split("\n", -1)) {
      wrapped(indent, raw, room, true, TextStyle.QUOTE);
    }
  }

  private void result(String indent, String text) {
    int room = Math.max(4, width - Columns.width(indent));
    int before = lines.size();
    for (String raw : text.split("\n", -1)) {
      if (lines.size() - before >= RESULT_LINES) {
        add(new Span(indent + "… (the rest: Enter on its row in the tool pane)", TextStyle.DIM));
        return;
      }
      wrapped(indent, raw, room, false, TextStyle.CODE);
    }
  }

  /**
   * One line of text, its URLs linked, broken to {@code room} columns (between {@code words}, or
   * anywhere) into screen lines after {@code indent}.
   */
  private void wrapped(String indent, String raw, int room, boolean words, TextStyle style) {
    LinkedText line = LinkedText.of(Columns.expandTabs(raw));
    LineBreaker.breakLine(
        line.text(),
        0,
        line.text().length(),
        room,
        words,
        (s, e) -> indented(indent, line.spans(s, e, style), style));
  }

  /** One screen line of output after {@code indent}; it fits, so a URL in it is never cut. */
  private void indented(String indent, List<Span> text, TextStyle style) {
    List<Span> spans = new ArrayList<>(text.size() + 1);
    spans.add(new Span(indent, style));
    spans.addAll(text);
    add(spans.toArray(Span[]::new));
  }

  /** One line, cut to the width with "…" (the call's lines never wrap). */
  private void add(Span... spans) {
    lines.add(StyledLine.cut(width, spans));
  }

  private static TextStyle styleOf(ToolOutcome outcome) {
    return switch (outcome) {
      case RUNNING -> TextStyle.RUNNING;
      case OK -> TextStyle.OK;
      case ERROR -> TextStyle.ERROR;
      case DENIED, STREAM_CLOSED, INTERRUPTED, NO_RESULT -> TextStyle.WARNING;
    };
  }
}
