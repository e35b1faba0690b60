package dev.milktui.tui.dialog;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.conversation.ShownInput;
import dev.milktui.core.diff.DiffLine;
import dev.milktui.core.diff.FileDiff;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.tui.text.Palette;
import dev.milktui.tui.text.Sanitizer;
import dev.milktui.tui.tools.InputSummary;
import dev.milktui.tui.transcript.DiffText;
import java.util.List;
import java.util.function.IntFunction;

/**
 * A tool call's input in full, as a person reviews it before allowing it: every key of it (the
 * command for Bash, the path and old/new strings for Edit, the path and content for Write, then
 * every other key, at any depth, as {@code path = value}).
 */
public final class PermissionDetails {
  private PermissionDetails() {}

  /**
   * A permission request's input; for a file change whose diff was read when the request arrived,
   * the file and its numbered diff (the same lines the transcript shows), then the input itself.
   */
  public static String describe(PermissionRequest request) {
    String input = describe(request.toolName(), request.request().input());
    return request
        .diff()
        .map(diff -> header(diff) + "\n" + DiffText.of(diff) + "\n▸ as Claude sent it:\n" + input)
        .orElse(input);
  }

  /**
   * The theme style of each line of {@link #describe(PermissionRequest)} once revealed: the diff's
   * added and removed lines in the transcript's diff colours, the rest in the dialog's.
   */
  public static IntFunction<String> lineStyles(PermissionRequest request) {
    if (request.diff().isEmpty()) {
      return line -> null;
    }
    FileDiff diff = request.diff().get();
    // The header names a path, which may hold a line break of its own.
    int first = Sanitizer.reveal(header(diff)).split("\n", -1).length;
    List<DiffLine> lines = diff.lines();
    return line -> {
      int i = line - first;
      if (i < 0 || i >= lines.size()) {
        return null;
      }
      return switch (lines.get(i).kind()) {
        case ADDED -> Palette.DIFF_ADDED_STYLE;
        case REMOVED -> Palette.DIFF_REMOVED_STYLE;
        default -> null;
      };
    };
  }

  private static String header(FileDiff diff) {
    return "File: " + diff.path() + " · " + diff.summary();
  }

  /**
   * Every key of {@code input}, since allowing sends all of it back: core's {@link ShownInput} (a
   * tool's own keys in their form, then every other leaf as {@code path = value}), after a one-line
   * summary for the tools that have one.
   */
  public static String describe(String toolName, JsonNode input) {
    if (input == null || input.isMissingNode()) {
      return "";
    }
    String name = toolName == null ? "" : toolName;
    String shown = ShownInput.of(name, input).text();
    return switch (name) {
      case "Read", "WebFetch", "WebSearch", "Glob", "Grep" ->
          InputSummary.of(name, input) + "\n\n" + shown;
      default -> shown;
    };
  }

  /** What the call's keys would let it do beyond the plain call, in words; empty when nothing. */
  public static String widening(String toolName, JsonNode input) {
    List<String> widening = ShownInput.of(toolName, input).widening();
    return widening.isEmpty()
        ? ""
        : "⚠ This call also asks for more: " + String.join("; ", widening) + ".";
  }
}
