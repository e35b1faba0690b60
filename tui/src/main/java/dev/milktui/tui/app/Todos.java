package dev.milktui.tui.app;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.conversation.Cell;
import dev.milktui.core.conversation.ToolCallCell;
import dev.milktui.tui.text.Sanitizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The todo list Claude keeps with its TodoWrite tool, as Claude Code's Ctrl+T shows it: each call
 * writes the whole list, so the latest call (an agent's included) is the list now.
 */
final class Todos {
  private Todos() {}

  /** The latest list as lines ("☐ pending", "◐ in progress", "☑ done"), or empty: none written. */
  static Optional<List<String>> latest(List<Cell> cells) {
    Optional<ToolCallCell> last = Optional.empty();
    for (Cell cell : cells) {
      Optional<ToolCallCell> found = latestIn(cell);
      if (found.isPresent()) {
        last = found;
      }
    }
    return last.map(call -> lines(call.input().path("todos")));
  }

  private static Optional<ToolCallCell> latestIn(Cell cell) {
    if (!(cell instanceof ToolCallCell call)) {
      return Optional.empty();
    }
    Optional<ToolCallCell> last =
        "TodoWrite".equals(call.name()) ? Optional.of(call) : Optional.empty();
    for (Cell child : call.children()) {
      Optional<ToolCallCell> found = latestIn(child);
      if (found.isPresent()) {
        last = found;
      }
    }
    return last;
  }

  private static List<String> lines(JsonNode todos) {
    List<String> lines = new ArrayList<>();
    for (JsonNode todo : todos) {
      String box =
          switch (todo.path("status").asText()) {
            case "completed" -> "☑ ";
            case "in_progress" -> "◐ ";
            default -> "☐ ";
          };
      lines.add(box + Sanitizer.oneLine(todo.path("content").asText()));
    }
    return lines;
  }
}
