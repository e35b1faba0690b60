package dev.milktui.core.scan;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.JsonTrees;
import dev.milktui.core.protocol.MessageParser;
import dev.milktui.core.record.RecordFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * Reads from one line only what a scan uses, with Jackson's streaming parser: the fields of the
 * line types {@link dev.milktui.core.protocol.MessageParser} maps for a scan, tool calls with their
 * whole input, the start of each tool result's text, whether a call was interrupted — and skips the
 * rest (streamed text, thinking, tool output, usage) without decoding it. The result is a small
 * tree in the line's own shape, so the parser that reads live lines reads it too. The line must
 * still be one well-formed JSON object, as for a live session: a scan counts the others.
 */
final class LineSkim {
  /** How much of a tool result's text is read: enough to tell how the call ended. */
  static final int RESULT_TEXT_CHARS = 64 * 1024;

  private static final JsonFactory FACTORY = Json.factory();

  /** Fields of a line kept as they are; all are small. */
  private static final Set<String> KEPT =
      Set.of(
          "type",
          "subtype",
          "session_id",
          "cwd",
          "claude_code_version",
          "tool_use_id",
          "parent_tool_use_id",
          "is_error",
          "terminal_reason",
          "total_cost_usd",
          "api_error_status",
          "errors",
          "permission_denials",
          "tool_result_meta",
          RecordFile.DIRECTION,
          "ts",
          "line");

  /**
   * The blocks a scan reads a message for; {@link LineTriage} settles a message that holds none.
   */
  static final Set<String> CALL_BLOCKS = Set.of("tool_use", "server_tool_use", "tool_result");

  /** Every field of a line this skim reads; it skips the others. */
  static final Set<String> READ = read();

  private static Set<String> read() {
    Set<String> read = new java.util.HashSet<>(KEPT);
    read.addAll(Set.of("message", "event", "tool_use_result", "result"));
    return Set.copyOf(read);
  }

  /** A line that is not one JSON object; the reason is said as the live reader says it. */
  static final class Malformed extends Exception {
    private static final long serialVersionUID = 1L;

    Malformed(String reason) {
      super(reason, null, false, false);
    }
  }

  private static final String NOT_AN_OBJECT = "not a JSON object";
  private static final String RECORDED_NOT_AN_OBJECT =
      "recorded claude output is not a JSON object";

  private final JsonParser parser;

  /** The parsed bytes and where the parser's offset 0 is in them; null for a parsed string. */
  private final byte[] bytes;

  private final int base;
  private int fields;

  private LineSkim(JsonParser parser, byte[] bytes, int base) {
    this.parser = parser;
    this.bytes = bytes;
    this.base = base;
  }

  /**
   * What a scan reads of the line claude printed: the line itself, or the one inside a session
   * record entry (whose bytes may be changed in the process); {@link LineOutcome.Other} for an
   * entry of what milk-tui sent or of stderr (in the record's own shape, checked from its bytes by
   * {@link RecordedLine#isWellFormedOtherEntry}). Lines whose bytes settle them ({@link
   * LineTriage}: most lines, claude's messages among them when they hold no call) are not parsed;
   * the others are parsed as the live session parses them.
   */
  static LineOutcome claudeLine(byte[] line, int offset, int length, LineTriage triage)
      throws Malformed {
    int start = RecordedLine.start(line, offset, length);
    if (start < 0 && RecordedLine.isWellFormedOtherEntry(line, offset, length)) {
      return LineOutcome.Other.LINE;
    }
    LineOutcome.Facts facts =
        start >= 0
            ? triage.recordedFacts(line, start, offset + length)
            : triage.facts(line, offset, length);
    if (facts != null) {
      return facts;
    }
    int kept = triage.keptLength();
    LineOutcome read = kept < 0 ? null : keptFields(triage.kept(), kept, start >= 0);
    return read != null ? read : skimmed(line, offset, length, start);
  }

  /**
   * A result the triage walked whole, from its fields this skim reads alone ({@link
   * LineTriage#kept}): the slim tree is the same, without unescaping or parsing the usage the rest
   * of a result carries. Null, for the general path, should the copy not read as one object.
   */
  private static LineOutcome keptFields(byte[] kept, int length, boolean inEntry) {
    try {
      if (inEntry) {
        int end = RecordedLine.unescape(kept, 0, length);
        return message(recorded(kept, 0, end));
      }
      return message(read(FACTORY.createParser(kept, 0, length), kept, 0).top);
    } catch (RecordedLine.Malformed | Malformed | IOException e) {
      return null;
    }
  }

  /** What the general path reads of any line, settled or not: the triage is held to it. */
  static LineOutcome skimmed(byte[] line, int offset, int length) throws Malformed {
    return skimmed(line, offset, length, RecordedLine.start(line, offset, length));
  }

  /** {@code start}: where a record entry's line starts ({@link RecordedLine#start}), or -1. */
  private static LineOutcome skimmed(byte[] line, int offset, int length, int start)
      throws Malformed {
    if (start >= 0) {
      int end;
      try {
        end = RecordedLine.unescape(line, start, offset + length);
      } catch (RecordedLine.Malformed e) {
        throw new Malformed("invalid JSON: " + e.getMessage());
      }
      return message(recorded(line, start, end - start));
    }
    LineSkim skim = skim(line, offset, length);
    ObjectNode node = skim.top;
    if (skim.fields == 3 && RecordFile.isEntry(node)) {
      String recorded = RecordFile.cliLine(node).orElse(null);
      if (recorded == null) {
        return LineOutcome.Other.LINE;
      }
      try {
        return message(read(FACTORY.createParser(recorded), null, 0).top);
      } catch (IOException | Malformed e) {
        throw new Malformed(RECORDED_NOT_AN_OBJECT);
      }
    }
    return message(node);
  }

  private static LineOutcome message(ObjectNode line) {
    return new LineOutcome.Message(MessageParser.parse(line));
  }

  private ObjectNode top;

  private static ObjectNode recorded(byte[] line, int start, int length) throws Malformed {
    try {
      return read(FACTORY.createParser(line, start, length), line, start).top;
    } catch (IOException | Malformed e) {
      throw new Malformed(RECORDED_NOT_AN_OBJECT);
    }
  }

  /** Invalid UTF-8 is read as U+FFFD rather than losing the line, as the live reader does. */
  private static LineSkim skim(byte[] line, int offset, int length) throws Malformed {
    try {
      return read(FACTORY.createParser(line, offset, length), line, offset);
    } catch (JacksonException strict) {
      String decoded = new String(line, offset, length, StandardCharsets.UTF_8);
      try {
        return read(FACTORY.createParser(decoded), null, 0);
      } catch (IOException e) {
        throw new Malformed("invalid JSON: " + describe(strict));
      }
    } catch (IOException e) {
      throw new Malformed("invalid JSON: " + describe(e));
    }
  }

  private static LineSkim read(JsonParser parser, byte[] bytes, int base)
      throws IOException, Malformed {
    try (parser) {
      LineSkim skim = new LineSkim(parser, bytes, base);
      skim.top = skim.line();
      return skim;
    }
  }

  private ObjectNode line() throws IOException, Malformed {
    if (parser.nextToken() != JsonToken.START_OBJECT) {
      parser.skipChildren();
      endOfLine();
      throw new Malformed(NOT_AN_OBJECT);
    }
    ObjectNode out =
        object(
            (line, name, value) -> {
              fields++;
              switch (name) {
                case "message" -> setIfObject(line, name, value, () -> object(this::message));
                case "event" -> setIfObject(line, name, value, () -> object(this::event));
                case "tool_use_result" ->
                    setIfObject(line, name, value, () -> object(this::interrupted));
                case "result" ->
                    line.set(name, value == JsonToken.VALUE_STRING ? prefix() : tree());
                default -> keepIf(KEPT.contains(name), line, name);
              }
            });
    endOfLine();
    return out;
  }

  private void endOfLine() throws IOException, Malformed {
    if (parser.nextToken() != null) {
      throw new Malformed("invalid JSON: more than one value on the line");
    }
  }

  /** Reads one field of an object into the slim copy, or skips it. */
  private interface FieldReader {
    void read(ObjectNode out, String name, JsonToken value) throws IOException;
  }

  private interface ObjectReader {
    ObjectNode read() throws IOException;
  }

  /** The object that starts at the current token, each field read by {@code fields}. */
  private ObjectNode object(FieldReader fields) throws IOException {
    ObjectNode out = Json.object();
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      fields.read(out, name, parser.nextToken());
    }
    return out;
  }

  /**
   * A field read only when it holds an object. Any other value drops what an earlier field of the
   * same name put in the slim copy: Jackson's tree keeps a repeated name's last value, so a call in
   * an earlier one is no call to a live session either.
   */
  private void setIfObject(ObjectNode out, String name, JsonToken value, ObjectReader reader)
      throws IOException {
    if (value == JsonToken.START_OBJECT) {
      out.set(name, reader.read());
    } else {
      skip(out, name);
    }
  }

  private void keepIf(boolean kept, ObjectNode out, String name) throws IOException {
    if (kept) {
      out.set(name, tree());
    } else {
      skip(out, name);
    }
  }

  /** Skips the value, and drops an earlier field of the same name (see {@link #setIfObject}). */
  private void skip(ObjectNode out, String name) throws IOException {
    out.remove(name);
    parser.skipChildren();
  }

  /** An assistant or user message: its id and its tool calls and results. */
  private void message(ObjectNode out, String name, JsonToken value) throws IOException {
    if (name.equals("content") && value == JsonToken.START_ARRAY) {
      ArrayNode blocks = out.putArray(name);
      while (parser.nextToken() != JsonToken.END_ARRAY) {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
          parser.skipChildren();
          continue;
        }
        ObjectNode block = object(this::block);
        // A block without a string type is no call (and an immutable set refuses null).
        String type = Json.text(block, "type");
        if (type != null && CALL_BLOCKS.contains(type)) {
          blocks.add(block);
        }
      }
    } else {
      keepIf(name.equals("id"), out, name);
    }
  }

  private void block(ObjectNode out, String name, JsonToken value) throws IOException {
    switch (name) {
      case "type", "id", "name", "tool_use_id", "is_error", "input" -> out.set(name, tree());
      case "content" -> out.set(name, resultText(value));
      default -> parser.skipChildren();
    }
  }

  /** A stream event: only a content block's start announces a call. */
  private void event(ObjectNode out, String name, JsonToken value) throws IOException {
    if (name.equals("content_block")) {
      setIfObject(out, name, value, () -> object(this::block));
    } else {
      keepIf(name.equals("type") || name.equals("index"), out, name);
    }
  }

  /** Of a result's structured form, only whether the call was interrupted. */
  private void interrupted(ObjectNode out, String name, JsonToken value) throws IOException {
    keepIf(name.equals("interrupted"), out, name);
  }

  /**
   * The start of a tool result's text, joined as {@code MessageParser} joins a result's text blocks
   * (a string, or an array of strings and text blocks).
   */
  private JsonNode resultText(JsonToken value) throws IOException {
    if (value == JsonToken.VALUE_STRING) {
      return prefix();
    }
    if (value != JsonToken.START_ARRAY) {
      return tree();
    }
    StringBuilder joined = new StringBuilder();
    while (parser.nextToken() != JsonToken.END_ARRAY) {
      String part = null;
      if (parser.currentToken() == JsonToken.VALUE_STRING) {
        part = prefix().textValue();
      } else if (parser.currentToken() == JsonToken.START_OBJECT) {
        part = partText();
      } else {
        parser.skipChildren();
      }
      if (part != null && joined.length() < RESULT_TEXT_CHARS) {
        if (joined.length() > 0) {
          joined.append('\n');
        }
        joined.append(part, 0, Math.min(part.length(), RESULT_TEXT_CHARS - joined.length()));
      }
    }
    return TextNode.valueOf(joined.toString());
  }

  private String partText() throws IOException {
    String text = null;
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      JsonToken value = parser.nextToken();
      if (name.equals("text") && value == JsonToken.VALUE_STRING) {
        text = prefix().textValue();
      } else {
        parser.skipChildren();
      }
    }
    return text;
  }

  /**
   * The first {@link #RESULT_TEXT_CHARS} characters of the current string. From bytes they are
   * decoded straight from the line, so the parser skips the rest of a long string undecoded.
   */
  private TextNode prefix() throws IOException {
    if (bytes == null) {
      String text = parser.getText();
      return TextNode.valueOf(
          text.length() <= RESULT_TEXT_CHARS ? text : text.substring(0, RESULT_TEXT_CHARS));
    }
    long quote = parser.currentTokenLocation().getByteOffset();
    return TextNode.valueOf(
        JsonStringPrefix.read(bytes, base + (int) quote + 1, RESULT_TEXT_CHARS));
  }

  /** The current value as a tree, as the live session's mapper reads it. */
  private JsonNode tree() throws IOException {
    return JsonTrees.value(parser);
  }

  private static String describe(IOException e) {
    String message = e instanceof JacksonException je ? je.getOriginalMessage() : e.getMessage();
    return message == null ? e.getClass().getSimpleName() : message;
  }
}
