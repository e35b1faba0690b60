package dev.milktui.core.text;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.protocol.Json;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Map;

/**
 * JSON for a terminal or a pipe that may end on one: besides the controls JSON must escape, DEL,
 * the C1 controls (U+0080–U+009F; some terminals act on them as on ESC sequences) and the bidi
 * controls ({@link TerminalText#isBidiControl}) are written as {@code \\uXXXX}, so printed output
 * never acts on the terminal or reorders what is shown, and reads back as the same value.
 *
 * <p>The tree is walked onto a streaming generator, as the mapper's writer would write it, so that
 * {@code milk-tui scan --json} never builds the mapper ({@link Json#mapper()}). {@code
 * JsonNode.serialize} cannot stand in: without the mapper's serializer provider it fails on objects
 * and nulls.
 */
public final class TerminalSafeJson {
  private static final CharacterEscapes ESCAPES = new Escapes();

  private TerminalSafeJson() {}

  /** Compact one-line JSON. */
  public static String write(JsonNode node) {
    StringWriter out = new StringWriter();
    try (JsonGenerator generator = Json.factory().createGenerator(out)) {
      generator.setCharacterEscapes(ESCAPES);
      write(generator, node);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  private static void write(JsonGenerator generator, JsonNode node) throws IOException {
    switch (node.getNodeType()) {
      case OBJECT -> {
        generator.writeStartObject(node, node.size());
        for (Map.Entry<String, JsonNode> field : node.properties()) {
          generator.writeFieldName(field.getKey());
          write(generator, field.getValue());
        }
        generator.writeEndObject();
      }
      case ARRAY -> {
        generator.writeStartArray(node, node.size());
        for (JsonNode element : node) {
          write(generator, element);
        }
        generator.writeEndArray();
      }
      case STRING -> generator.writeString(node.textValue());
      case NUMBER -> writeNumber(generator, node);
      case BOOLEAN -> generator.writeBoolean(node.booleanValue());
      case NULL, MISSING -> generator.writeNull();
      default ->
          throw new IllegalArgumentException("not a JSON value: " + node.getNodeType() + " node");
    }
  }

  /** The generator's method for the node's own number type, as each number node writes itself. */
  private static void writeNumber(JsonGenerator generator, JsonNode node) throws IOException {
    switch (node.numberType()) {
      case INT -> generator.writeNumber(node.intValue());
      case LONG -> generator.writeNumber(node.longValue());
      case BIG_INTEGER -> generator.writeNumber(node.bigIntegerValue());
      case FLOAT -> generator.writeNumber(node.floatValue());
      case DOUBLE -> generator.writeNumber(node.doubleValue());
      case BIG_DECIMAL -> generator.writeNumber(node.decimalValue());
    }
  }

  private static final class Escapes extends CharacterEscapes {
    private static final long serialVersionUID = 1L;
    private final int[] ascii = standardAsciiEscapesForJSON();

    Escapes() {
      ascii[0x7F] = ESCAPE_STANDARD;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
      return ascii;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
      if ((ch >= 0x80 && ch <= 0x9F) || TerminalText.isBidiControl((char) ch)) {
        return new SerializedString(String.format(Locale.ROOT, "\\u%04X", ch));
      }
      return null;
    }
  }
}
