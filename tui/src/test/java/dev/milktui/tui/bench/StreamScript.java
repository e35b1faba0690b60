package dev.milktui.tui.bench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.protocol.Json;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a synthetic turn in the CLI's stream-json shape (partial messages on): rounds of a
 * streamed text block then a tool call and its result, as the recorded transcripts show them,
 * ending with a {@code result}. Deterministic, so runs compare.
 */
final class StreamScript {
  static final String SESSION = "bbbbbbbb-0000-4000-8000-000000000001";
  static final String LAST_WORDS = "END-OF-STREAM";

  /** Tokens per logical line; prose paragraphs can run to thousands of characters. */
  private static final int NEWLINE_EVERY = Integer.getInteger("bench.tokensPerLine", 13);

  /** With a value, every delta is this many characters of the words (the long-reply runs). */
  private static final int DELTA_CHARS = Integer.getInteger("bench.deltaChars", 0);

  private static final String[] WORDS = {
    "the ",
    "stream ",
    "of ",
    "tokens ",
    "keeps ",
    "coming ",
    "while ",
    "tools ",
    "run, ",
    "and ",
    "nothing ",
    "waits ",
    "for ",
    "the ",
    "user. ",
    "Code: ",
    "`x = y + 1` ",
    "fine. "
  };

  private StreamScript() {}

  /** Writes {@code deltas} text deltas spread over {@code tools} rounds, each ending in a tool. */
  static void write(Path file, int deltas, int tools, String prefix) throws IOException {
    int rounds = Math.max(1, tools);
    try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      line(out, init());
      int written = 0;
      for (int r = 0; r < rounds; r++) {
        String msg = "msg_" + prefix + "_" + r;
        int here = (deltas - written) / (rounds - r);
        line(out, event(msg, messageStart(msg)));
        line(out, event(msg, blockStart(0, textBlock(""))));
        StringBuilder text = new StringBuilder();
        for (int d = 0; d < here; d++, written++) {
          String token = written == deltas - 1 ? prefix + LAST_WORDS : token(written);
          if (written % NEWLINE_EVERY == NEWLINE_EVERY - 1) {
            token = token + "\n";
          }
          text.append(token);
          line(out, event(msg, textDelta(token)));
        }
        line(out, assistant(msg, textBlock(text.toString())));
        line(out, event(msg, blockStop(0)));
        if (r < tools) {
          String id = "toolu_" + prefix + "_" + r;
          line(out, event(msg, blockStart(1, toolUse(id, Json.object()))));
          ObjectNode input = Json.object().put("command", "echo round " + r);
          line(out, event(msg, inputDelta(input.toString())));
          line(out, assistant(msg, toolUse(id, input)));
          line(out, event(msg, blockStop(1)));
          line(out, event(msg, messageDelta("tool_use")));
          line(out, event(msg, Json.object().put("type", "message_stop")));
          line(out, toolResult(id, "round " + r + " done"));
        } else {
          line(out, event(msg, messageDelta("end_turn")));
          line(out, event(msg, Json.object().put("type", "message_stop")));
        }
      }
      line(out, result(prefix));
    }
  }

  private static String token(int n) {
    if (DELTA_CHARS <= 0) {
      return WORDS[n % WORDS.length];
    }
    StringBuilder token = new StringBuilder(DELTA_CHARS);
    for (int i = n; token.length() < DELTA_CHARS; i++) {
      token.append(WORDS[i % WORDS.length]);
    }
    return token.substring(0, DELTA_CHARS);
  }

  private static void line(BufferedWriter out, ObjectNode node) throws IOException {
    out.write(node.toString());
    out.write('\n');
  }

  private static ObjectNode init() {
    return Json.object()
        .put("type", "system")
        .put("subtype", "init")
        .put("cwd", "/tmp/bench")
        .put("session_id", SESSION)
        .put("model", "claude-bench")
        .put("permissionMode", "default")
        .put("claude_code_version", "2.1.332");
  }

  private static ObjectNode event(String msg, ObjectNode event) {
    ObjectNode line = Json.object().put("type", "stream_event");
    line.set("event", event);
    line.put("session_id", SESSION);
    line.putNull("parent_tool_use_id");
    line.put("api_message_id", msg);
    return line;
  }

  private static ObjectNode messageStart(String msg) {
    ObjectNode message =
        Json.object()
            .put("id", msg)
            .put("type", "message")
            .put("role", "assistant")
            .put("model", "claude-bench");
    message.putArray("content");
    ObjectNode start = Json.object().put("type", "message_start");
    start.set("message", message);
    return start;
  }

  private static ObjectNode blockStart(int index, ObjectNode block) {
    ObjectNode start = Json.object().put("type", "content_block_start").put("index", index);
    start.set("content_block", block);
    return start;
  }

  private static ObjectNode blockStop(int index) {
    return Json.object().put("type", "content_block_stop").put("index", index);
  }

  private static ObjectNode textBlock(String text) {
    return Json.object().put("type", "text").put("text", text);
  }

  private static ObjectNode toolUse(String id, ObjectNode input) {
    ObjectNode block = Json.object().put("type", "tool_use").put("id", id).put("name", "Bash");
    block.set("input", input);
    return block;
  }

  private static ObjectNode textDelta(String text) {
    ObjectNode delta = Json.object().put("type", "content_block_delta").put("index", 0);
    delta.set("delta", Json.object().put("type", "text_delta").put("text", text));
    return delta;
  }

  private static ObjectNode inputDelta(String json) {
    ObjectNode delta = Json.object().put("type", "content_block_delta").put("index", 1);
    delta.set("delta", Json.object().put("type", "input_json_delta").put("partial_json", json));
    return delta;
  }

  private static ObjectNode messageDelta(String stopReason) {
    ObjectNode delta = Json.object().put("type", "message_delta");
    delta.set("delta", Json.object().put("stop_reason", stopReason));
    delta.set("usage", Json.object().put("output_tokens", 10));
    return delta;
  }

  private static ObjectNode assistant(String msg, ObjectNode block) {
    ObjectNode message =
        Json.object()
            .put("id", msg)
            .put("type", "message")
            .put("role", "assistant")
            .put("model", "claude-bench");
    message.putArray("content").add(block);
    ObjectNode line = Json.object().put("type", "assistant");
    line.set("message", message);
    line.putNull("parent_tool_use_id");
    line.put("session_id", SESSION);
    return line;
  }

  private static ObjectNode toolResult(String id, String text) {
    ObjectNode result =
        Json.object()
            .put("tool_use_id", id)
            .put("type", "tool_result")
            .put("content", text)
            .put("is_error", false);
    ObjectNode message = Json.object().put("role", "user");
    ArrayNode content = message.putArray("content");
    content.add(result);
    ObjectNode line = Json.object().put("type", "user");
    line.set("message", message);
    line.putNull("parent_tool_use_id");
    line.put("session_id", SESSION);
    return line;
  }

  private static ObjectNode result(String prefix) {
    ObjectNode line =
        Json.object()
            .put("type", "result")
            .put("subtype", "success")
            .put("is_error", false)
            .put("duration_ms", 1000)
            .put("num_turns", 1)
            .put("result", prefix + LAST_WORDS)
            .put("stop_reason", "end_turn")
            .put("session_id", SESSION)
            .put("total_cost_usd", 0.01);
    line.set("usage", Json.object().put("input_tokens", 100).put("output_tokens", 200000));
    return line;
  }
}
