package dev.milktui.core.conversation;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The part of a tool's input a person needs to see: the command, the path, the pattern, the URL.
 * Raw text (possibly multi-line); each rendering cleans it.
 */
public final class ToolInput {
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

  private ToolInput() {}

  public static String summary(String toolName, JsonNode input) {
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
      case "AskUserQuestion":
        return questions(input.get("questions"));
      case "ExitPlanMode":
        return "plan ready for review";
      case "TodoWrite":
        return todos(input.get("todos"));
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

  /** The first question asked, and how many more: never the raw JSON of the picker's input. */
  private static String questions(JsonNode questions) {
    if (questions == null || !questions.isArray() || questions.isEmpty()) {
      return "";
    }
    String first = text(questions.get(0), "question");
    return questions.size() == 1 ? first : first + " (+" + (questions.size() - 1) + " more)";
  }

  /** How many todos and where they stand: never the raw JSON of the list. */
  private static String todos(JsonNode todos) {
    if (todos == null || !todos.isArray()) {
      return "";
    }
    int done = 0;
    int active = 0;
    for (JsonNode todo : todos) {
      String status = text(todo, "status");
      if (status.equals("completed")) {
        done++;
      } else if (status.equals("in_progress")) {
        active++;
      }
    }
    int size = todos.size();
    return size
        + (size == 1 ? " todo: " : " todos: ")
        + done
        + " done, "
        + active
        + " in progress, "
        + (size - done - active)
        + " to do";
  }

  /** A string field of {@code input}, or empty. */
  public static String text(JsonNode input, String key) {
    JsonNode value = input == null ? null : input.get(key);
    return value != null && value.isTextual() ? value.asText() : "";
  }
}
