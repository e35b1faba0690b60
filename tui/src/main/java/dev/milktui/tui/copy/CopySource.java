package dev.milktui.tui.copy;

import dev.milktui.core.conversation.AssistantTextCell;
import dev.milktui.core.conversation.Cell;
import dev.milktui.core.conversation.ToolCallCell;
import dev.milktui.core.conversation.ToolNames;
import dev.milktui.tui.markdown.FencedCode;
import dev.milktui.tui.text.Sanitizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What {@code /copy} copies, from the one conversation model: Claude's last reply as its Markdown
 * source ({@code /copy}), a code block of Claude's replies ({@code /copy code [N]}: N counts back
 * from the last, 1 being the last), or a tool call's output ({@code /copy tool [N]}, likewise).
 * Everything is cleaned as the screen shows it. No Lanterna here: the model calls it.
 */
public final class CopySource {
  /** The usage, for messages and help. */
  public static final String USAGE =
      "/copy copies Claude's last reply; /copy code [N] the last (or Nth last) code block;"
          + " /copy tool [N] the last (or Nth last) tool output";

  /** Text to copy and what it is, or why there is none. */
  public sealed interface Found {}

  public record Clip(String text, String what) implements Found {}

  public record Nothing(String reason) implements Found {}

  private CopySource() {}

  /** What {@code /copy arguments} means in {@code cells}. */
  public static Found resolve(List<Cell> cells, String arguments) {
    String[] words = arguments.strip().toLowerCase(Locale.ROOT).split("\\s+");
    String kind = words[0];
    if (words.length > 2 || (words.length == 2 && !words[1].matches("[1-9][0-9]{0,5}"))) {
      return new Nothing("Not understood: " + USAGE + ".");
    }
    int nth = words.length == 2 ? Integer.parseInt(words[1]) : 1;
    return switch (kind) {
      case "" -> lastReply(cells);
      case "code" -> code(cells, nth);
      case "tool" -> tool(cells, nth);
      default -> new Nothing("Not understood: " + USAGE + ".");
    };
  }

  /** The output of {@code call}, for the transcript's copy key. */
  public static Found output(ToolCallCell call) {
    String result = Sanitizer.clean(call.result());
    String name = Sanitizer.oneLine(ToolNames.shown(call.name()));
    return result.isEmpty()
        ? new Nothing("The " + name + " call has no output to copy.")
        : new Clip(result, "the output of " + name);
  }

  private static Found lastReply(List<Cell> cells) {
    for (int i = cells.size() - 1; i >= 0; i--) {
      if (cells.get(i) instanceof AssistantTextCell reply && !reply.text().isBlank()) {
        return new Clip(Sanitizer.clean(reply.text()), "Claude's last reply");
      }
    }
    return new Nothing("Nothing to copy yet: Claude has not replied.");
  }

  private static Found code(List<Cell> cells, int nth) {
    List<String> blocks = new ArrayList<>();
    for (Cell cell : cells) {
      if (cell instanceof AssistantTextCell reply) {
        blocks.addAll(FencedCode.in(reply.text()));
      }
    }
    if (blocks.size() < nth) {
      return new Nothing(
          blocks.isEmpty()
              ? "No code block to copy: Claude's replies have none."
              : "Claude's replies have "
                  + count(blocks.size(), "code block")
                  + ", not "
                  + nth
                  + ".");
    }
    String text = blocks.get(blocks.size() - nth);
    return new Clip(
        Sanitizer.clean(text.endsWith("\n") ? text.substring(0, text.length() - 1) : text),
        nth == 1 ? "the last code block" : "code block " + nth + " from the end");
  }

  private static Found tool(List<Cell> cells, int nth) {
    List<ToolCallCell> calls = new ArrayList<>();
    for (Cell cell : cells) {
      if (cell instanceof ToolCallCell call && !call.result().isEmpty()) {
        calls.add(call);
      }
    }
    if (calls.size() < nth) {
      return new Nothing(
          calls.isEmpty()
              ? "No tool output to copy yet."
              : "There are " + count(calls.size(), "tool output") + ", not " + nth + ".");
    }
    return output(calls.get(calls.size() - nth));
  }

  private static String count(int n, String thing) {
    return n + " " + thing + (n == 1 ? "" : "s");
  }
}
