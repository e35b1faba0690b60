package dev.milktui.core.diff;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * What a file tool's input does to a file's text, as the CLI applies it: Edit replaces {@code
 * old_string} (the first occurrence, or all with {@code replace_all}), MultiEdit applies its edits
 * in order, Write replaces the whole text. Pure.
 */
public final class ProposedEdit {
  private ProposedEdit() {}

  /** True for the tools whose input says how a file changes. */
  public static boolean changesFile(String toolName) {
    return "Edit".equals(toolName) || "MultiEdit".equals(toolName) || "Write".equals(toolName);
  }

  /** The text after the call, or empty when the input does not apply to {@code before}. */
  public static Optional<String> apply(String toolName, JsonNode input, String before) {
    if (input == null || !input.isObject()) {
      return Optional.empty();
    }
    return switch (toolName) {
      case "Write" -> text(input, "content");
      case "Edit" -> edit(before, input);
      case "MultiEdit" -> {
        Optional<String> text = Optional.of(before);
        for (JsonNode edit : input.path("edits")) {
          text = text.flatMap(t -> edit(t, edit));
        }
        yield input.path("edits").isEmpty() ? Optional.empty() : text;
      }
      default -> Optional.empty();
    };
  }

  /**
   * The text before an Edit that already ran (the file is read after the CLI applied it): {@code
   * new_string} put back to {@code old_string}. Empty when that is not certain.
   */
  public static Optional<String> undo(String toolName, JsonNode input, String after) {
    if (!"Edit".equals(toolName) || input == null || input.path("replace_all").asBoolean(false)) {
      return Optional.empty();
    }
    Optional<String> old = text(input, "old_string");
    Optional<String> now = text(input, "new_string");
    if (old.isEmpty() || now.isEmpty() || old.get().isEmpty() || now.get().isEmpty()) {
      return Optional.empty();
    }
    int at = after.indexOf(now.get());
    if (at < 0 || after.indexOf(now.get(), at + 1) >= 0 || after.contains(old.get())) {
      return Optional.empty();
    }
    return Optional.of(
        after.substring(0, at) + old.get() + after.substring(at + now.get().length()));
  }

  private static Optional<String> edit(String before, JsonNode edit) {
    Optional<String> old = text(edit, "old_string");
    Optional<String> now = text(edit, "new_string");
    if (old.isEmpty() || now.isEmpty()) {
      return Optional.empty();
    }
    if (old.get().isEmpty()) {
      // The CLI creates a file from an empty old_string only when there is none.
      return before.isEmpty() ? now : Optional.empty();
    }
    int at = before.indexOf(old.get());
    if (at < 0) {
      return Optional.empty();
    }
    if (edit.path("replace_all").asBoolean(false)) {
      return Optional.of(before.replace(old.get(), now.get()));
    }
    return Optional.of(
        before.substring(0, at) + now.get() + before.substring(at + old.get().length()));
  }

  private static Optional<String> text(JsonNode input, String field) {
    JsonNode value = input.get(field);
    return value != null && value.isTextual() ? Optional.of(value.asText()) : Optional.empty();
  }
}
