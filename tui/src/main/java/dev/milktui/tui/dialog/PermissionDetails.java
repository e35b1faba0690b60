package dev.milktui.tui.dialog;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.conversation.ShownInput;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.tui.tools.InputSummary;
import dev.milktui.tui.transcript.DiffText;
import java.util.List;

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
        .map(
            diff ->
                "File: "
                    + diff.path()
                    + " · "
                    + diff.summary()
                    + "\n"
                    + DiffText.of(diff)
                    + "\n▸ as Claude sent it:\n"
                    + input)
        .orElse(input);
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
