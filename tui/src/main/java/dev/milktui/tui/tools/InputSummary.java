package dev.milktui.tui.tools;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.tui.text.Sanitizer;

/**
 * The part of a tool's input a person needs to see: the command, the path, the pattern, the URL.
 */
public final class InputSummary {
  private static final String[] KEYS = {
    "command",
    "file_path",
    "notebook_path",
    "path",
    "pattern",
    "url",
    "query",
    "description",
    "prompt"
  };

  private InputSummary() {}

  /** The input that matters, unsanitised and possibly multi-line (a command, a path). */
  public static String of(String toolName, JsonNode input) {
    if (input == null || !input.isObject()) {
      return "";
    }
    String name = toolName == null ? "" : toolName;
    switch (name) {
      case "Bash":
        return text(input, "command");
      case "Read":
      case "Write":
      case "Edit":
      case "MultiEdit":
        return text(input, "file_path");
      case "NotebookEdit":
        return text(input, "notebook_path");
      case "Glob":
      case "Grep":
        String path = text(input, "path");
        return text(input, "pattern") + (path.isEmpty() ? "" : "  in " + path);
      case "WebFetch":
        return text(input, "url");
      case "WebSearch":
        return text(input, "query");
      default:
        break;
    }
    for (String key : KEYS) {
      String value = text(input, key);
      if (!value.isEmpty()) {
        return value;
      }
    }
    for (JsonNode value : input) {
      if (value.isTextual() && !value.asText().isEmpty()) {
        return value.asText();
      }
    }
    return input.isEmpty() ? "" : input.toString();
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
    JsonNode value = input.get(key);
    return value != null && value.isTextual() ? value.asText() : "";
  }
}
