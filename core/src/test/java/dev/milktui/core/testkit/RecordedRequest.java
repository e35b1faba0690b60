package dev.milktui.core.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One HTTP request the fake API received.
 *
 * @param path the path without the query ({@code /v1/messages}; the CLI adds {@code ?beta=true})
 * @param headers the first value of each header, names in lower case
 * @param body the parsed JSON body; {@link MissingNode} when there was none or it was not JSON
 */
public record RecordedRequest(
    String method, String path, String query, Map<String, String> headers, JsonNode body) {

  public RecordedRequest {
    headers = Map.copyOf(headers);
  }

  /** True for {@code POST /v1/messages}, the only endpoint the fake API scripts. */
  public boolean isMessages() {
    return method.equals("POST") && path.equals("/v1/messages");
  }

  public boolean streaming() {
    return body.path("stream").asBoolean(false);
  }

  public String model() {
    return body.path("model").asText("claude-opus-5-5");
  }

  public List<JsonNode> messages() {
    List<JsonNode> messages = new ArrayList<>();
    body.path("messages").forEach(messages::add);
    return messages;
  }

  /** How many assistant turns the conversation already holds: selects the scripted reply. */
  public int assistantMessageCount() {
    return (int) messages().stream().filter(m -> role(m).equals("assistant")).count();
  }

  /**
   * What the user typed last: the last user message's string content, or its text blocks joined by
   * newlines without the {@code <system-reminder>} blocks the CLI adds to the first message.
   */
  public String lastUserText() {
    return lastUserMessage().map(RecordedRequest::typedText).orElse("");
  }

  /** What the conversation's first user message says (a subagent's: the prompt it was given). */
  public String firstUserText() {
    return messages().stream()
        .filter(m -> role(m).equals("user"))
        .findFirst()
        .map(RecordedRequest::typedText)
        .orElse("");
  }

  /** The tool results this request delivers (those in its last user message). */
  public List<ToolResult> toolResults() {
    return lastUserMessage().map(RecordedRequest::toolResultsIn).orElse(List.of());
  }

  /** Every tool result in the conversation history this request carries. */
  public List<ToolResult> historyToolResults() {
    List<ToolResult> results = new ArrayList<>();
    for (JsonNode message : messages()) {
      results.addAll(toolResultsIn(message));
    }
    return results;
  }

  private Optional<JsonNode> lastUserMessage() {
    List<JsonNode> messages = messages();
    for (int i = messages.size() - 1; i >= 0; i--) {
      if (role(messages.get(i)).equals("user")) {
        return Optional.of(messages.get(i));
      }
    }
    return Optional.empty();
  }

  private static String typedText(JsonNode message) {
    JsonNode content = message.path("content");
    if (content.isTextual()) {
      return content.asText();
    }
    List<String> texts = new ArrayList<>();
    for (JsonNode block : content) {
      String text = block.path("text").asText();
      if (block.path("type").asText().equals("text") && !text.startsWith("<system-reminder>")) {
        texts.add(text);
      }
    }
    return String.join("\n", texts);
  }

  private static List<ToolResult> toolResultsIn(JsonNode message) {
    List<ToolResult> results = new ArrayList<>();
    for (JsonNode block : message.path("content")) {
      if (block.path("type").asText().equals("tool_result")) {
        results.add(ToolResult.of(block));
      }
    }
    return results;
  }

  private static String role(JsonNode message) {
    return message.path("role").asText();
  }
}
