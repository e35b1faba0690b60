package dev.milktui.core.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.protocol.Json;
import java.util.Map;
import java.util.Objects;

/** One content block of a scripted assistant message, as the Messages API models it. */
public sealed interface ReplyBlock {

  /** Plain assistant text, streamed as several {@code text_delta} chunks. */
  record Text(String text) implements ReplyBlock {
    public Text {
      Objects.requireNonNull(text, "text");
    }
  }

  /** A tool call; {@code input} is streamed as {@code input_json_delta} chunks. */
  record ToolUse(String id, String name, JsonNode input) implements ReplyBlock {
    public ToolUse {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(name, "name");
      if (input == null || !input.isObject()) {
        throw new IllegalArgumentException("tool input must be a JSON object: " + input);
      }
    }

    static ToolUse of(String id, String name, Map<String, ?> input) {
      return new ToolUse(id, name, Json.mapper().valueToTree(input));
    }
  }

  /** Extended thinking, streamed as {@code thinking_delta} chunks and one signature. */
  record Thinking(String thinking, String signature) implements ReplyBlock {
    public Thinking {
      Objects.requireNonNull(thinking, "thinking");
      Objects.requireNonNull(signature, "signature");
    }
  }
}
