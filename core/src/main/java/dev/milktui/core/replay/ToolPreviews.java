package dev.milktui.core.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.milktui.core.protocol.Json;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a replay keeps of a line's tool calls: every string of a call's input and of its output (the
 * result's text and its structured form) up to {@link #STRING_CHARS}, the rest folded into a marker
 * that says how much was left out ("… [N more bytes]"). A replay holds every line of the recording,
 * so without this a record of thousands of big Writes or outputs needs its own size in memory; the
 * conversation itself (prompts, Claude's text) is kept whole. Once {@link #BUDGET_CHARS} of such
 * previews are kept, each further long string keeps {@link #SHORT_CHARS}, with the same marker.
 */
final class ToolPreviews {
  /** The longest string kept of a tool call's input or output, in characters. */
  static final int STRING_CHARS = 4 * 1024;

  /** How much of a recording's long strings is kept at {@link #STRING_CHARS}, in characters. */
  static final long BUDGET_CHARS = 24L * 1024 * 1024;

  /** The longest string kept once the budget is spent. */
  static final int SHORT_CHARS = 256;

  // What is left of the budget: a recording of thousands of long calls keeps a bounded amount.
  private long budget;

  // Whether the budget is spent, for the threads that draft previews ahead of the one keeping them.
  private volatile boolean spent;

  /**
   * A preview drafted on any thread before the budget left is known ({@link #draft}): with the
   * budget assumed unspent, charging {@code charged} to it, or spent (charging nothing); {@code
   * json} null when the line is kept as it is.
   */
  record Draft(byte[] json, long charged) {}

  ToolPreviews(long budgetChars) {
    this.budget = budgetChars;
  }

  /**
   * The line (UTF-8, {@code length} bytes from {@code offset}) with its tool calls' long strings
   * folded; null when none is long, the line kept as it is (unparsed when its bytes show none is).
   */
  byte[] folded(byte[] bytes, int offset, int length) {
    if (length <= STRING_CHARS) {
      return null;
    }
    JsonNode node;
    try {
      node = ToolStrings.foldable(bytes, offset, length);
    } catch (IOException e) {
      return null;
    }
    return node == null ? null : folded(node, bytes, offset, length);
  }

  /**
   * {@link #folded(byte[], int, int)} for a line already parsed as {@code node}, which may be
   * changed.
   */
  byte[] folded(JsonNode node, byte[] bytes, int offset, int length) {
    if (length > STRING_CHARS && node instanceof ObjectNode object) {
      try {
        if (fold(object)) {
          return Json.bytes(object);
        }
      } catch (IOException e) {
        // Kept as read, unfolded.
      }
    }
    return null;
  }

  /** {@link #folded(JsonNode, byte[], int, int)} drafted on any thread, for {@link #kept}. */
  Draft draft(JsonNode node, byte[] bytes, int offset, int length) {
    ToolPreviews ahead = ahead();
    return drafted(ahead, ahead.folded(node, bytes, offset, length));
  }

  /** {@link #folded(byte[], int, int)} drafted on any thread, for {@link #kept}. */
  Draft draft(byte[] bytes, int offset, int length) {
    ToolPreviews ahead = ahead();
    return drafted(ahead, ahead.folded(bytes, offset, length));
  }

  private ToolPreviews ahead() {
    return new ToolPreviews(spent ? 0 : Long.MAX_VALUE);
  }

  private static Draft drafted(ToolPreviews ahead, byte[] json) {
    return new Draft(json, ahead.budget > 0 ? Long.MAX_VALUE - ahead.budget : 0);
  }

  /**
   * The preview of a drafted line, charged to the budget in the file's order: the draft when the
   * budget was as it assumed for each of the line's long strings (the budget only shrinks, so a
   * draft made once it was spent holds), else made again from the line (its UTF-8 bytes). Null when
   * the line is kept as it is: the caller copies it (into a {@link LineArena}, say) rather than a
   * draft copying every line once more.
   */
  byte[] kept(Draft draft, byte[] bytes, int offset, int length) {
    byte[] json;
    // A draft charging nothing holds whatever the budget (it only shrinks).
    if (draft.charged() == 0 || budget > draft.charged()) {
      budget -= draft.charged();
      json = draft.json();
    } else {
      json = folded(bytes, offset, length);
    }
    spent = budget <= 0;
    return json;
  }

  /** Folds the long strings of a parsed line's tool calls in place; true when any was folded. */
  private boolean fold(ObjectNode line) throws IOException {
    boolean folded = false;
    for (ToolValue value : toolValues(line)) {
      folded |= foldStrings(value.parent(), value.field());
    }
    return folded;
  }

  /** A tool call's input or output in a parsed line: its parent's field. */
  record ToolValue(ObjectNode parent, String field) {}

  /** The tool calls' inputs and outputs of a parsed line, in the order their budget is charged. */
  static List<ToolValue> toolValues(ObjectNode line) {
    List<ToolValue> values = new ArrayList<>();
    if (line.get("tool_use_result") != null) {
      values.add(new ToolValue(line, "tool_use_result"));
    }
    JsonNode content = line.path("message").path("content");
    if (content.isArray()) {
      for (JsonNode block : content) {
        if (block instanceof ObjectNode object) {
          String type = Json.text(object, "type");
          if ("tool_result".equals(type)) {
            values.add(new ToolValue(object, "content"));
          } else if ("tool_use".equals(type) || "server_tool_use".equals(type)) {
            values.add(new ToolValue(object, "input"));
          }
        }
      }
    }
    return values;
  }

  private boolean foldStrings(ObjectNode parent, String field) throws IOException {
    JsonNode value = parent.get(field);
    JsonNode folded = folded(value);
    if (folded == value) {
      return false;
    }
    parent.set(field, folded);
    return true;
  }

  /**
   * How many bytes {@code text} from {@code from} takes in UTF-8, as {@code getBytes} writes it (an
   * unpaired surrogate as one '?'), without encoding it: a folded string is mostly what is left
   * out.
   */
  static int utf8Length(String text, int from) {
    int bytes = 0;
    for (int i = from; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        bytes++;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        bytes += 4;
        i++;
      } else {
        bytes += Character.isSurrogate(c) ? 1 : 3;
      }
    }
    return bytes;
  }

  /** The value with long strings folded; the same instance when nothing was. */
  private JsonNode folded(JsonNode value) throws IOException {
    if (value == null) {
      return null;
    }
    if (value instanceof ToolStrings.Text text) {
      String kept = text.start(budget > 0 ? STRING_CHARS : SHORT_CHARS);
      budget -= kept.length();
      return TextNode.valueOf(
          kept + "… [" + (text.utf8Length() - utf8Length(kept, 0)) + " more bytes]");
    }
    if (value.isTextual()) {
      String text = value.textValue();
      if (text.length() <= STRING_CHARS) {
        return value;
      }
      int limit = budget > 0 ? STRING_CHARS : SHORT_CHARS;
      int keep = Character.isHighSurrogate(text.charAt(limit - 1)) ? limit - 1 : limit;
      budget -= keep;
      int more = utf8Length(text, keep);
      return TextNode.valueOf(text.substring(0, keep) + "… [" + more + " more bytes]");
    }
    if (value instanceof ObjectNode object) {
      ObjectNode copy = null;
      for (Map.Entry<String, JsonNode> field : object.properties()) {
        JsonNode folded = folded(field.getValue());
        if (folded != field.getValue()) {
          copy = copy == null ? object.deepCopy() : copy;
          copy.set(field.getKey(), folded);
        }
      }
      return copy == null ? value : copy;
    }
    if (value instanceof ArrayNode array) {
      ArrayNode copy = null;
      for (int i = 0; i < array.size(); i++) {
        JsonNode folded = folded(array.get(i));
        if (folded != array.get(i)) {
          copy = copy == null ? array.deepCopy() : copy;
          copy.set(i, folded);
        }
      }
      return copy == null ? value : copy;
    }
    return value;
  }
}
