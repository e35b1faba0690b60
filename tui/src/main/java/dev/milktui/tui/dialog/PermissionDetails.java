package dev.milktui.tui.dialog;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.diff.DiffLine;
import dev.milktui.core.diff.FileDiff;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.protocol.Json;
import dev.milktui.tui.text.Palette;
import dev.milktui.tui.text.Sanitizer;
import dev.milktui.tui.tools.InputSummary;
import dev.milktui.tui.transcript.DiffText;
import java.util.List;
import java.util.function.IntFunction;

/**
 * A tool call's input in full, as a person reviews it before allowing it: the command for Bash, the
 * path and old/new strings for Edit, the path and content for Write, JSON for the rest.
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

  public static String describe(String toolName, JsonNode input) {
    if (input == null || !input.isObject()) {
      return "";
    }
    String name = toolName == null ? "" : toolName;
    switch (name) {
      case "Bash":
        String description = text(input, "description");
        return "$ "
            + text(input, "command")
            + (description.isEmpty() ? "" : "\n\n# " + description);
      case "Edit":
        return "File: "
            + text(input, "file_path")
            + "\n▸ replace"
            + (input.path("replace_all").asBoolean(false) ? " (all occurrences)" : "")
            + ":\n"
            + text(input, "old_string")
            + "\n▸ with:\n"
            + text(input, "new_string");
      case "MultiEdit":
        StringBuilder edits = new StringBuilder("File: " + text(input, "file_path"));
        int n = 1;
        for (JsonNode edit : input.path("edits")) {
          edits
              .append("\n▸ edit ")
              .append(n++)
              .append(", replace:\n")
              .append(text(edit, "old_string"))
              .append("\n▸ with:\n")
              .append(text(edit, "new_string"));
        }
        return edits.toString();
      case "Write":
        return "File: " + text(input, "file_path") + "\n▸ content:\n" + text(input, "content");
      case "Read":
      case "WebFetch":
      case "WebSearch":
      case "Glob":
      case "Grep":
        return InputSummary.of(name, input) + "\n\n" + pretty(input);
      default:
        return pretty(input);
    }
  }

  private static String text(JsonNode input, String key) {
    JsonNode value = input.get(key);
    return value == null || value.isNull()
        ? ""
        : value.isTextual() ? value.asText() : value.toString();
  }

  static String pretty(JsonNode input) {
    try {
      return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(input);
    } catch (JsonProcessingException e) {
      return input.toString();
    }
  }
}
