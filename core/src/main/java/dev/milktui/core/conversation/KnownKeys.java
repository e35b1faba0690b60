package dev.milktui.core.conversation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The keys of the built-in tools a person reads best in their own form, for {@link ShownInput}:
 * Bash's command and description, a file edit's path and old and new text, a Write's content. A key
 * of an unexpected type is left to the plain listing, so it is shown all the same.
 */
final class KnownKeys {
  private KnownKeys() {}

  static List<ShownInput.Part> parts(String toolName, JsonNode input) {
    List<ShownInput.Part> parts = new ArrayList<>();
    if (!input.isObject()) {
      return parts;
    }
    switch (toolName) {
      case "Bash" -> {
        text(input, "command").ifPresent(c -> parts.add(part("$ " + c, "command")));
        text(input, "description").ifPresent(d -> parts.add(part("# " + d, "description")));
      }
      case "Edit" -> {
        file(input, parts);
        replacement(input, "", "▸ replace", parts);
      }
      case "MultiEdit" -> {
        file(input, parts);
        JsonNode edits = input.get("edits");
        if (edits != null && edits.isArray()) {
          for (int i = 0; i < edits.size(); i++) {
            if (edits.get(i).isObject()) {
              replacement(
                  edits.get(i), "edits[" + i + "]", "▸ edit " + (i + 1) + ", replace", parts);
            }
          }
        }
      }
      case "Write" -> {
        file(input, parts);
        text(input, "content").ifPresent(c -> parts.add(part("▸ content:\n" + c, "content")));
      }
      default -> {}
    }
    return parts;
  }

  private static void file(JsonNode input, List<ShownInput.Part> parts) {
    text(input, "file_path").ifPresent(p -> parts.add(part("File: " + p, "file_path")));
  }

  /**
   * An old and new text (with {@code replace_all}, when a boolean) as one part, when both are
   * strings.
   */
  private static void replacement(
      JsonNode edit, String parent, String label, List<ShownInput.Part> parts) {
    Optional<String> oldText = text(edit, "old_string");
    Optional<String> newText = text(edit, "new_string");
    if (oldText.isEmpty() || newText.isEmpty()) {
      return;
    }
    List<String> leaves = new ArrayList<>();
    leaves.add(ShownInput.child(parent, "old_string"));
    leaves.add(ShownInput.child(parent, "new_string"));
    JsonNode all = edit.get("replace_all");
    String how = "";
    if (all != null && all.isBoolean()) {
      how = all.asBoolean() ? " (all occurrences)" : " (one occurrence)";
      leaves.add(ShownInput.child(parent, "replace_all"));
    }
    parts.add(
        new ShownInput.Part(
            label + how + ":\n" + oldText.get() + "\n▸ with:\n" + newText.get(), leaves));
  }

  private static ShownInput.Part part(String text, String key) {
    return new ShownInput.Part(text, List.of(key));
  }

  private static Optional<String> text(JsonNode input, String key) {
    JsonNode value = input.get(key);
    return value != null && value.isTextual() ? Optional.of(value.asText()) : Optional.empty();
  }
}
