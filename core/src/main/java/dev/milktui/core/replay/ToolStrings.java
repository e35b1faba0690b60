package dev.milktui.core.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.milktui.core.protocol.ByteWords;
import dev.milktui.core.protocol.JsonTrees;
import dev.milktui.core.protocol.Utf8Bytes;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Parses a line of a file to replay into the tree Jackson reads of it, but for the strings of its
 * tool calls' input and output ({@link ToolPreviews#toolValues}) longer than {@link
 * ToolPreviews#STRING_CHARS}: each stays in the line's bytes as a {@link Text}, whose preview
 * decodes only the characters kept and counts the rest's bytes. Decoding a tool's output of
 * megabytes into a string to keep its first 4 Ki characters was most of a replay's loading.
 *
 * <p>A byte pass finds the long strings and checks each as strictly as Jackson would accept it
 * (escapes, well-formed UTF-8, no control characters); the line is parsed with each replaced by a
 * short stand-in (a NUL and its number: no other string of the line holds a NUL, or nothing is
 * replaced). Long strings elsewhere (a long prompt, Claude's long text) are decoded by Jackson
 * after all, and a line the pass has doubts about is parsed as it is: the tree is the same.
 */
final class ToolStrings {
  private static final char STAND_IN = '\0';

  private final byte[] bytes;
  private final int end;
  private final List<Text> found = new ArrayList<>();
  // Of the string scanned last: whether Jackson reads it exactly so, its characters and UTF-8.
  private boolean strict;
  private boolean nul;
  // Whether the pass read every string strictly and found no value longer than the cap.
  private boolean noneLong;
  private int chars;
  private int utf8;

  private ToolStrings(byte[] bytes, int end) {
    this.bytes = bytes;
    this.end = end;
  }

  /**
   * A long string of a tool call left in the line's bytes, from its opening quote to its closing.
   */
  static final class Text extends TextNode {
    private static final long serialVersionUID = 1L;

    private final transient byte[] bytes;
    private final int open;
    private final int close;
    private final int utf8;

    private Text(String standIn, byte[] bytes, int open, int close, int utf8) {
      super(standIn);
      this.bytes = bytes;
      this.open = open;
      this.close = close;
      this.utf8 = utf8;
    }

    /**
     * Its first {@code limit} characters, one fewer when the last would be the first half of a
     * surrogate pair (as {@link ToolPreviews} cuts a string).
     */
    String start(int limit) throws IOException {
      int at = open + 1;
      int taken = 0;
      while (taken < limit) {
        int b = bytes[at];
        int step;
        int count = 1;
        boolean high;
        if (b == '\\') {
          boolean unicode = bytes[at + 1] == 'u';
          step = unicode ? 6 : 2;
          high = unicode && Character.isHighSurrogate((char) Utf8Bytes.hex4(bytes, at + 2));
        } else {
          step = b >= 0 ? 1 : Utf8Bytes.sequenceLength(b);
          high = step == 4;
          count = step == 4 ? 2 : 1;
        }
        if (high && taken == limit - 1) {
          break;
        }
        taken += count;
        at += step;
      }
      byte[] quoted = new byte[at - open + 1];
      System.arraycopy(bytes, open, quoted, 0, at - open);
      quoted[quoted.length - 1] = '"';
      return JsonTrees.read(quoted, 0, quoted.length).textValue();
    }

    /** How many bytes it takes in UTF-8, as {@link ToolPreviews#utf8Length} counts them. */
    int utf8Length() {
      return utf8;
    }

    /** All of it, decoded by Jackson. */
    TextNode whole() throws IOException {
      return (TextNode) JsonTrees.read(bytes, open, close + 1 - open);
    }
  }

  /** The tree of the {@code length} bytes from {@code offset}, as {@code readTree} reads them. */
  static JsonNode parse(byte[] bytes, int offset, int length) throws IOException {
    if (length > ToolPreviews.STRING_CHARS) {
      JsonNode tree = foldable(bytes, offset, length);
      if (tree != null) {
        return tree;
      }
    }
    return JsonTrees.read(bytes, offset, length);
  }

  /**
   * {@link #parse}, or null when the byte pass shows that no string value of the line is longer
   * than {@link ToolPreviews#STRING_CHARS}, each string read as Jackson reads it: nothing of the
   * line would be folded, so it need not be parsed.
   */
  static JsonNode foldable(byte[] bytes, int offset, int length) throws IOException {
    ToolStrings line = new ToolStrings(bytes, offset + length);
    byte[] standIns = line.withStandIns(offset);
    if (standIns != null) {
      return line.resolved(standIns);
    }
    return line.noneLong ? null : JsonTrees.read(bytes, offset, length);
  }

  private JsonNode resolved(byte[] standIns) throws IOException {
    JsonNode tree = JsonTrees.read(standIns, 0, standIns.length);
    if (tree instanceof ObjectNode line) {
      for (ToolPreviews.ToolValue value : ToolPreviews.toolValues(line)) {
        value.parent().set(value.field(), replaced(value.parent().get(value.field()), true));
      }
    }
    return replaced(tree, false);
  }

  /**
   * The line with each long string value replaced by its stand-in, or null when none is long or the
   * pass cannot vouch for the line (a string it does not read as Jackson would, a NUL).
   */
  private byte[] withStandIns(int offset) {
    ByteArrayOutputStream out = null;
    int copied = offset;
    for (int at = offset; at < end; at++) {
      if (bytes[at] != '"') {
        continue;
      }
      int close = string(at + 1);
      if (close < 0 || !strict) {
        return null;
      }
      if (chars > ToolPreviews.STRING_CHARS && !isKey(close + 1)) {
        if (out == null) {
          out = new ByteArrayOutputStream(1024);
        }
        out.write(bytes, copied, at - copied);
        byte[] standIn = ("\"\\u0000" + found.size() + "\"").getBytes(StandardCharsets.US_ASCII);
        out.write(standIn, 0, standIn.length);
        found.add(new Text(STAND_IN + String.valueOf(found.size()), bytes, at, close, utf8));
        copied = close + 1;
      }
      at = close;
    }
    noneLong = out == null;
    if (out == null || nul) {
      return null;
    }
    out.write(bytes, copied, end - copied);
    return out.toByteArray();
  }

  private boolean isKey(int from) {
    for (int at = from; at < end; at++) {
      byte b = bytes[at];
      if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
        return b == ':';
      }
    }
    return false;
  }

  /**
   * Reads the string whose content starts at {@code from}: the index of its closing quote (-1:
   * none), with {@link #strict}, {@link #chars} and {@link #utf8} set.
   */
  private int string(int from) {
    strict = true;
    chars = 0;
    utf8 = 0;
    boolean pendingHigh = false;
    int at = from;
    while (at < end) {
      if (at + Long.BYTES <= end) {
        // Plain ASCII, a character and a byte each, eight bytes at a time: most of a tool's output.
        long stops = ByteWords.stringStops(ByteWords.word(bytes, at));
        int plain = stops == 0 ? Long.BYTES : ByteWords.first(stops);
        if (plain > 0) {
          pendingHigh = false;
          chars += plain;
          utf8 += plain;
          at += plain;
          continue;
        }
      }
      int b = bytes[at];
      if (b == '"') {
        return at;
      }
      if (b == '\\') {
        if (at + 1 >= end) {
          return -1;
        }
        byte escaped = bytes[at + 1];
        if (escaped == 'u') {
          int unit = at + 6 <= end ? Utf8Bytes.hex4(bytes, at + 2) : -1;
          if (unit < 0) {
            strict = false;
            at += 2;
            continue;
          }
          nul |= unit == 0;
          // A pair of escaped surrogates is one character of 4 bytes; a lone half writes one '?'.
          if (pendingHigh && Character.isLowSurrogate((char) unit)) {
            utf8 += 3;
          } else {
            utf8 += unit < 0x80 || Character.isSurrogate((char) unit) ? 1 : unit < 0x800 ? 2 : 3;
          }
          pendingHigh = Character.isHighSurrogate((char) unit);
          chars++;
          at += 6;
          continue;
        }
        strict &= "\"\\/bfnrt".indexOf(escaped) >= 0;
        pendingHigh = false;
        chars++;
        utf8++;
        at += 2;
        continue;
      }
      pendingHigh = false;
      if (b >= 0x20) {
        chars++;
        utf8++;
        at++;
        continue;
      }
      int length = b < 0 ? Utf8Bytes.wellFormed(bytes, at, end) : 0;
      if (length == 0) {
        strict = false;
        at++;
        continue;
      }
      chars += length == 4 ? 2 : 1;
      utf8 += length;
      at += length;
    }
    return -1;
  }

  /**
   * The node with its stand-ins replaced: inside a tool's value by their {@link Text}, elsewhere by
   * the string decoded; containers are changed in place.
   */
  private JsonNode replaced(JsonNode node, boolean tool) throws IOException {
    if (node == null || node instanceof Text) {
      return node;
    }
    if (node.isTextual()) {
      String text = node.textValue();
      if (text.isEmpty() || text.charAt(0) != STAND_IN) {
        return node;
      }
      Text found = this.found.get(Integer.parseInt(text.substring(1)));
      return tool ? found : found.whole();
    }
    if (node instanceof ObjectNode object) {
      for (Map.Entry<String, JsonNode> field : object.properties()) {
        field.setValue(replaced(field.getValue(), tool));
      }
    } else if (node instanceof ArrayNode array) {
      for (int i = 0; i < array.size(); i++) {
        array.set(i, replaced(array.get(i), tool));
      }
    }
    return node;
  }
}
