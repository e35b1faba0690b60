package dev.milktui.tui.transcript;

import dev.milktui.core.conversation.QuestionAnswer;
import dev.milktui.core.conversation.ToolCallCell;
import dev.milktui.core.conversation.ToolInput;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.tui.markdown.MarkdownRenderer;
import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.LineBreaker;
import dev.milktui.tui.text.LinkedText;
import dev.milktui.tui.text.Sanitizer;
import dev.milktui.tui.text.Span;
import dev.milktui.tui.text.StyledLine;
import dev.milktui.tui.text.TextStyle;
import java.util.ArrayList;
import java.util.List;

/**
 * What a question or a plan came to, under its call in the transcript, in place of the one-line
 * summary: AskUserQuestion's answers, each whole and wrapped ({@code · question → answer}), and
 * ExitPlanMode's decision with the plan itself as rendered Markdown. Long ones fold like other long
 * output: a preview, then the rest once the call is expanded.
 */
final class CallSections {
  /** Answer lines shown while the call is folded. */
  static final int ANSWER_PREVIEW = 8;

  /** Plan lines shown while the call is folded. */
  static final int PLAN_PREVIEW = 12;

  private static final String APPROVED_PLAN = "## Approved Plan:\n";

  private CallSections() {}

  /**
   * The lines of {@code call}'s own section for a pane {@code width} wide, or null when the call
   * has none (then its summary and result are shown as for any tool).
   */
  static List<StyledLine> of(ToolCallCell call, String indent, int width, boolean folded) {
    return switch (call.name()) {
      case "AskUserQuestion" -> answers(call, indent, width, folded);
      case "ExitPlanMode" -> plan(call, indent, width, folded);
      default -> null;
    };
  }

  private static List<StyledLine> answers(
      ToolCallCell call, String indent, int width, boolean folded) {
    if (call.outcome() != ToolOutcome.OK) {
      return null;
    }
    Hanging out = new Hanging(indent, width);
    List<QuestionAnswer> answers = call.answers();
    if (answers.isEmpty()) {
      // No answers reported beside the result (an older CLI, a session file): the whole result.
      out.text(Sanitizer.clean(call.result()), TextStyle.PLAIN);
    }
    for (QuestionAnswer answer : answers) {
      out.answer(Sanitizer.clean(answer.question()), Sanitizer.clean(answer.answer()));
    }
    return out.folded(folded ? ANSWER_PREVIEW : Integer.MAX_VALUE, "answer");
  }

  private static List<StyledLine> plan(
      ToolCallCell call, String indent, int width, boolean folded) {
    Hanging out = new Hanging(indent, width);
    switch (call.outcome()) {
      case OK -> out.text("Plan approved", TextStyle.OK);
      case DENIED ->
          out.text("Not approved: " + Sanitizer.clean(call.result()).strip(), TextStyle.WARNING);
      case ERROR -> out.text("Error: " + Sanitizer.clean(call.result()).strip(), TextStyle.ERROR);
      case RUNNING -> out.text("Waiting for your approval", TextStyle.DIM);
      default -> out.text(Sanitizer.oneLine(call.summary()), TextStyle.WARNING);
    }
    String plan = planOf(call);
    if (!plan.isBlank()) {
      int room = Math.max(8, width - Columns.width(indent) - 4);
      for (StyledLine line : MarkdownRenderer.render(plan, room)) {
        out.line(new StyledLine(prepend(new Span(indent + "    ", TextStyle.PLAIN), line)));
      }
    }
    return out.folded(folded ? PLAN_PREVIEW + 1 : Integer.MAX_VALUE, "plan");
  }

  /** The plan the model wrote in its call, else the one the CLI quoted in its result. */
  private static String planOf(ToolCallCell call) {
    String plan = ToolInput.text(call.input(), "plan");
    if (!plan.isBlank()) {
      return Sanitizer.clean(plan);
    }
    String result = call.result();
    int quoted = result.indexOf(APPROVED_PLAN);
    return quoted < 0 ? "" : Sanitizer.clean(result.substring(quoted + APPROVED_PLAN.length()));
  }

  private static List<Span> prepend(Span first, StyledLine line) {
    List<Span> spans = new ArrayList<>(line.spans().size() + 1);
    spans.add(first);
    spans.addAll(line.spans());
    return spans;
  }

  /**
   * Lines that start under the call with {@code ⎿} and wrap under themselves, never cut: every line
   * fits the width.
   */
  private static final class Hanging {
    private final String indent;
    private final int width;
    private final List<StyledLine> lines = new ArrayList<>();

    Hanging(String indent, int width) {
      this.indent = indent;
      this.width = width;
    }

    void line(StyledLine line) {
      lines.add(line);
    }

    /** Text in one style, each of its lines wrapped. */
    void text(String text, TextStyle style) {
      for (String raw : text.split("\n", -1)) {
        LinkedText line = LinkedText.of(Columns.expandTabs(raw));
        wrap(line.text(), "  ", (s, e) -> line.spans(s, e, style));
      }
    }

    /** {@code · question → answer}, the answer in strong type, each answer line wrapped. */
    void answer(String question, String answer) {
      String[] answerLines = answer.split("\n", -1);
      String first = "· " + Columns.expandTabs(question) + " → ";
      int answerStart = first.length();
      LinkedText head = LinkedText.of(first + Columns.expandTabs(answerLines[0]));
      wrap(
          head.text(),
          "    ",
          (s, e) -> {
            List<Span> spans = new ArrayList<>(2);
            if (s < answerStart) {
              spans.addAll(head.spans(s, Math.min(e, answerStart), TextStyle.PLAIN));
            }
            if (e > answerStart) {
              spans.addAll(head.spans(Math.max(s, answerStart), e, TextStyle.STRONG));
            }
            return spans;
          });
      for (int i = 1; i < answerLines.length; i++) {
        LinkedText more = LinkedText.of("  " + Columns.expandTabs(answerLines[i]));
        wrap(more.text(), "    ", (s, e) -> more.spans(s, e, TextStyle.STRONG));
      }
    }

    private interface Styler {
      List<Span> spans(int start, int end);
    }

    /**
     * One logical line broken to the width: the section's first screen line starts with {@code ⎿},
     * a logical line's continuations go {@code hang} further in than the section's text.
     */
    private void wrap(String text, String hang, Styler styler) {
      String continuation = indent + "  " + hang;
      int room = Math.max(4, width - Columns.width(continuation));
      boolean[] continued = {false};
      LineBreaker.breakLine(
          text,
          0,
          text.length(),
          room,
          true,
          (s, e) -> {
            boolean first = lines.isEmpty();
            String prefix = first ? indent + "  ⎿ " : continued[0] ? continuation : indent + "    ";
            List<Span> spans = new ArrayList<>();
            spans.add(new Span(prefix, first ? TextStyle.DIM : TextStyle.PLAIN));
            spans.addAll(styler.spans(s, e));
            lines.add(new StyledLine(spans));
            continued[0] = true;
          });
    }

    /** At most {@code keep} lines, then how many more there are and how to see them. */
    List<StyledLine> folded(int keep, String what) {
      if (lines.size() <= keep) {
        return lines;
      }
      List<StyledLine> shown = new ArrayList<>(lines.subList(0, keep));
      shown.add(
          StyledLine.of(
              indent
                  + "    … "
                  + (lines.size() - keep)
                  + " more "
                  + what
                  + " lines (Enter expands)",
              TextStyle.DIM));
      return shown;
    }
  }
}
