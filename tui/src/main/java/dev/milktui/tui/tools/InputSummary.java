package dev.milktui.tui.tools;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.conversation.ToolInput;
import dev.milktui.tui.text.Sanitizer;

/**
 * The part of a tool's input a person needs to see (core's {@link ToolInput}, which the transcript
 * and the export use too), for the tool pane and the dialogs.
 */
public final class InputSummary {
  private InputSummary() {}

  /** The input that matters, unsanitised and possibly multi-line (a command, a path). */
  public static String of(String toolName, JsonNode input) {
    return ToolInput.summary(toolName, input);
  }

  /** The same, sanitised and on one line, for rows and checkbox labels. */
  public static String oneLine(String toolName, JsonNode input) {
    return Sanitizer.oneLine(of(toolName, input));
  }

  /** The path a file tool touches, or empty. */
  public static String path(JsonNode input) {
    if (input == null) {
      return "";
    }
    for (String key : new String[] {"file_path", "notebook_path", "path"}) {
      String value = text(input, key);
      if (!value.isEmpty()) {
        return value;
      }
    }
    return "";
  }

  /** A string field of {@code input}, or empty. */
  public static String text(JsonNode input, String key) {
    return ToolInput.text(input, key);
  }
}
