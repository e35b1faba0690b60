package dev.milktui.core.testkit;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.protocol.Json;
import java.util.ArrayList;
import java.util.List;

/** Renders a scripted message in the Messages API wire format: whole, or as an SSE stream. */
final class WireMessage {
  /** Small enough that a short sentence still arrives in several deltas. */
  private static final int CHUNK_CHARS = 16;

  private final Reply.Message message;
  private final String id;
  private final String model;
  private final int inputTokens;

  WireMessage(Reply.Message message, String id, String model, int inputTokens) {
    this.message = message;
    this.id = id;
    this.model = model;
    this.inputTokens = inputTokens;
  }

  /** The non-streaming response body. */
  ObjectNode toJson() {
    ObjectNode json = envelope();
    for (ReplyBlock block : message.blocks()) {
      json.withArray("content").add(completeBlock(block));
    }
    json.put("stop_reason", message.stopReason());
    json.set("usage", usage(outputTokens()));
    return json;
  }

  /** The full stream: message_start, ping, the blocks, message_delta, message_stop. */
  List<SseEvent> events() {
    List<ObjectNode> events = new ArrayList<>();
    ObjectNode start = envelope();
    start.putArray("content");
    start.putNull("stop_reason");
    start.set("usage", usage(1));
    ObjectNode messageStart = event("message_start");
    messageStart.set("message", start);
    events.add(messageStart);
    events.add(event("ping"));
    List<ReplyBlock> blocks = message.blocks();
    for (int index = 0; index < blocks.size(); index++) {
      addBlockEvents(events, index, blocks.get(index));
    }
    ObjectNode delta = event("message_delta");
    delta.putObject("delta").put("stop_reason", message.stopReason()).putNull("stop_sequence");
    delta.putObject("usage").put("output_tokens", outputTokens());
    events.add(delta);
    events.add(event("message_stop"));
    return events.stream().map(data -> new SseEvent(data.get("type").asText(), data)).toList();
  }

  private void addBlockEvents(List<ObjectNode> events, int index, ReplyBlock block) {
    ObjectNode start = event("content_block_start").put("index", index);
    start.set("content_block", emptyBlock(block));
    events.add(start);
    if (block instanceof ReplyBlock.Text text) {
      for (String chunk : chunks(text.text())) {
        events.add(delta(index, "text_delta", "text", chunk));
      }
    } else if (block instanceof ReplyBlock.ToolUse toolUse) {
      // The real API opens every tool input with an empty fragment; the CLI copes with it.
      events.add(delta(index, "input_json_delta", "partial_json", ""));
      for (String chunk : chunks(toolUse.input().toString())) {
        events.add(delta(index, "input_json_delta", "partial_json", chunk));
      }
    } else if (block instanceof ReplyBlock.Thinking thinking) {
      for (String chunk : chunks(thinking.thinking())) {
        events.add(delta(index, "thinking_delta", "thinking", chunk));
      }
      events.add(delta(index, "signature_delta", "signature", thinking.signature()));
    }
    events.add(event("content_block_stop").put("index", index));
  }

  private ObjectNode envelope() {
    ObjectNode json = Json.mapper().createObjectNode();
    json.put("id", id).put("type", "message").put("role", "assistant").put("model", model);
    json.putNull("stop_sequence");
    return json;
  }

  private static ObjectNode completeBlock(ReplyBlock block) {
    ObjectNode json = Json.mapper().createObjectNode();
    if (block instanceof ReplyBlock.Text text) {
      json.put("type", "text").put("text", text.text());
    } else if (block instanceof ReplyBlock.ToolUse toolUse) {
      json.put("type", "tool_use").put("id", toolUse.id()).put("name", toolUse.name());
      json.set("input", toolUse.input());
    } else if (block instanceof ReplyBlock.Thinking thinking) {
      json.put("type", "thinking").put("thinking", thinking.thinking());
      json.put("signature", thinking.signature());
    }
    return json;
  }

  /** The block as content_block_start announces it: same shape, contents still empty. */
  private static ObjectNode emptyBlock(ReplyBlock block) {
    ObjectNode json = completeBlock(block);
    if (block instanceof ReplyBlock.Text) {
      json.put("text", "");
    } else if (block instanceof ReplyBlock.ToolUse) {
      json.putObject("input");
    } else if (block instanceof ReplyBlock.Thinking) {
      json.put("thinking", "").put("signature", "");
    }
    return json;
  }

  private ObjectNode usage(int outputTokens) {
    ObjectNode usage = Json.mapper().createObjectNode();
    usage.put("input_tokens", inputTokens);
    usage.put("cache_creation_input_tokens", 0);
    usage.put("cache_read_input_tokens", 0);
    usage.put("output_tokens", outputTokens);
    usage.put("service_tier", "standard");
    return usage;
  }

  /** Roughly four characters per token, like English text. */
  private int outputTokens() {
    int chars = 0;
    for (ReplyBlock block : message.blocks()) {
      chars += completeBlock(block).toString().length();
    }
    return Math.max(1, chars / 4);
  }

  private static ObjectNode event(String type) {
    return Json.mapper().createObjectNode().put("type", type);
  }

  private static ObjectNode delta(int index, String deltaType, String field, String value) {
    ObjectNode event = event("content_block_delta").put("index", index);
    event.putObject("delta").put("type", deltaType).put(field, value);
    return event;
  }

  /** Splits text into chunks without tearing a surrogate pair apart. */
  static List<String> chunks(String text) {
    List<String> chunks = new ArrayList<>();
    int from = 0;
    while (from < text.length()) {
      int to = Math.min(text.length(), from + CHUNK_CHARS);
      if (to < text.length() && Character.isHighSurrogate(text.charAt(to - 1))) {
        to++;
      }
      chunks.add(text.substring(from, to));
      from = to;
    }
    return chunks;
  }
}
