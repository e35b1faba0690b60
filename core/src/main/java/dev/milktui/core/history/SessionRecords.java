package dev.milktui.core.history;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.protocol.Json;
import java.util.Optional;

/** What the records of Claude's session files mean to milk-tui. */
public final class SessionRecords {
  private SessionRecords() {}

  /**
   * The text of a prompt the user typed, or empty for every other record: meta lines, compaction
   * summaries, subagent lines, tool results and the output of local commands. A command shows as
   * the user typed it ({@code /compact}).
   */
  public static Optional<String> prompt(JsonNode record) {
    if (!"user".equals(Json.text(record, "type"))
        || Json.isTrue(record, "isMeta")
        || Json.isTrue(record, "isSidechain")
        || Json.isTrue(record, "isCompactSummary")
        || Json.isTrue(record, "isVisibleInTranscriptOnly")) {
      return Optional.empty();
    }
    JsonNode content = record.path("message").get("content");
    String text = null;
    if (content != null && content.isTextual()) {
      text = content.textValue();
    } else if (content != null && content.isArray()) {
      StringBuilder joined = new StringBuilder();
      for (JsonNode block : content) {
        if (!"text".equals(Json.text(block, "type"))) {
          return Optional.empty();
        }
        joined.append(joined.length() == 0 ? "" : "\n").append(Json.text(block, "text"));
      }
      text = joined.toString();
    }
    return text == null ? Optional.empty() : promptOf(text);
  }

  /**
   * What the user typed, as {@link #prompt} shows the text of a user message: none for a blank one
   * or a local command's output, a command's name and arguments for a command.
   */
  public static Optional<String> promptOf(String text) {
    if (text.isBlank() || text.startsWith("<local-command-")) {
      return Optional.empty();
    }
    return Optional.of(command(text).orElse(text));
  }

  /** Claude's replies and tool results of the main conversation (not a subagent's). */
  public static boolean shown(JsonNode record) {
    String type = Json.text(record, "type");
    return ("assistant".equals(type) || "user".equals(type))
        && !Json.isTrue(record, "isSidechain")
        && !Json.isTrue(record, "isMeta");
  }

  /** {@code <command-name>/compact</command-name>…} → {@code /compact} (with its arguments). */
  private static Optional<String> command(String text) {
    String name = between(text, "<command-name>", "</command-name>");
    if (name == null) {
      return Optional.empty();
    }
    String args = between(text, "<command-args>", "</command-args>");
    return Optional.of(args == null || args.isBlank() ? name : name + " " + args);
  }

  private static String between(String text, String open, String close) {
    int start = text.indexOf(open);
    int end = start < 0 ? -1 : text.indexOf(close, start + open.length());
    return end < 0 ? null : text.substring(start + open.length(), end).strip();
  }
}
