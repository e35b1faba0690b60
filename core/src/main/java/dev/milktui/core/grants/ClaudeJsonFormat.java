package dev.milktui.core.grants;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * Reads and writes JSON the way Claude does ({@code JSON.parse} / {@code JSON.stringify(x, null,
 * 2)}), so that a file we rewrite differs from the original only where we changed it.
 */
final class ClaudeJsonFormat {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final JsonFactory FACTORY =
      JsonFactory.builder()
          // Jackson otherwise escapes emoji and other astral characters as surrogate pairs.
          .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
          .build();
  private static final CharacterEscapes ESCAPES = new JavaScriptEscapes();

  private ClaudeJsonFormat() {}

  /**
   * Parses a whole document. An empty file counts as {@code {}}: that is what a fresh {@code touch}
   * leaves behind and Claude treats it as no settings.
   */
  static JsonNode parse(Path file, byte[] content) throws SettingsException {
    if (isBlank(content)) {
      return NODES.objectNode();
    }
    try (JsonParser parser = FACTORY.createParser(content)) {
      JsonNode root = readValue(parser, parser.nextToken());
      if (parser.nextToken() != null) {
        throw new JsonParseException(parser, "unexpected content after the JSON value");
      }
      return root;
    } catch (JsonProcessingException e) {
      var location = e.getLocation();
      String where =
          location == null
              ? ""
              : " at line " + location.getLineNr() + ", column " + location.getColumnNr();
      throw new SettingsException(
          file, "not valid JSON" + where + ": " + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static byte[] write(JsonNode root) {
    var out = new ByteArrayOutputStream();
    try (JsonGenerator generator = FACTORY.createGenerator(out)) {
      generator.setPrettyPrinter(stringifyStyle());
      generator.setCharacterEscapes(ESCAPES);
      MAPPER.writeTree(generator, root);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    out.write('\n');
    return out.toByteArray();
  }

  private static JsonNode readValue(JsonParser parser, JsonToken token) throws IOException {
    if (token == null) {
      throw new JsonParseException(parser, "no JSON value");
    }
    return switch (token) {
      case START_OBJECT -> readObject(parser);
      case START_ARRAY -> readArray(parser);
      case VALUE_STRING -> NODES.textNode(parser.getText());
      case VALUE_NUMBER_INT -> NODES.numberNode(parser.getBigIntegerValue());
      case VALUE_NUMBER_FLOAT -> new LiteralNumberNode(parser.getText());
      case VALUE_TRUE -> NODES.booleanNode(true);
      case VALUE_FALSE -> NODES.booleanNode(false);
      case VALUE_NULL -> NODES.nullNode();
      default -> throw new JsonParseException(parser, "unexpected token " + token);
    };
  }

  private static ObjectNode readObject(JsonParser parser) throws IOException {
    ObjectNode object = NODES.objectNode();
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      // A repeated key keeps its first position and its last value, as JSON.parse does.
      object.set(name, readValue(parser, parser.nextToken()));
    }
    return object;
  }

  private static ArrayNode readArray(JsonParser parser) throws IOException {
    ArrayNode array = NODES.arrayNode();
    JsonToken token;
    while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
      array.add(readValue(parser, token));
    }
    return array;
  }

  private static DefaultPrettyPrinter stringifyStyle() {
    Separators separators =
        Separators.createDefaultInstance()
            .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
            .withObjectEmptySeparator("")
            .withArrayEmptySeparator("");
    var indenter = new DefaultIndenter("  ", "\n");
    return new DefaultPrettyPrinter(separators)
        .withObjectIndenter(indenter)
        .withArrayIndenter(indenter);
  }

  private static boolean isBlank(byte[] content) {
    for (byte b : content) {
      if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
        return false;
      }
    }
    return true;
  }

  /** JSON.stringify escapes control characters with lower-case hex; Jackson uses upper case. */
  private static final class JavaScriptEscapes extends CharacterEscapes {

    private static final long serialVersionUID = 1L;
    private static final int[] CODES = standardAsciiEscapesForJSON();

    static {
      for (int c = 0; c < 0x20; c++) {
        if ("\b\t\n\f\r".indexOf(c) < 0) {
          CODES[c] = ESCAPE_CUSTOM;
        }
      }
    }

    @Override
    public int[] getEscapeCodesForAscii() {
      return CODES;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
      // Jackson also asks about every non-ASCII character; those stay raw UTF-8, as in
      // JSON.stringify.
      return ch < 0x20 ? new SerializedString(String.format("\\u%04x", ch)) : null;
    }
  }
}
