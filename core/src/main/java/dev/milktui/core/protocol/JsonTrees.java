package dev.milktui.core.protocol;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.math.BigDecimal;

/**
 * Reads a tree from the streaming parser of {@link Json#factory()}, node for node the tree {@code
 * Json.mapper().readTree} reads of the same bytes, without building the mapper (some 50 ms of class
 * initialisation) or a data-binding context per value: {@code milk-tui scan} and a replay's loading
 * read with it.
 */
public final class JsonTrees {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private JsonTrees() {}

  /**
   * The tree of the first JSON value of the {@code length} bytes from {@code offset}, as {@code
   * readTree} reads it: a missing node when there is none, what follows the value unread.
   */
  public static JsonNode read(byte[] bytes, int offset, int length) throws IOException {
    try (JsonParser parser = Json.factory().createParser(bytes, offset, length)) {
      return parser.nextToken() == null ? MissingNode.getInstance() : value(parser);
    }
  }

  /** The value at the parser's current token, read to its end. */
  public static JsonNode value(JsonParser parser) throws IOException {
    JsonToken token = parser.currentToken();
    switch (token) {
      case START_OBJECT -> {
        ObjectNode object = NODES.objectNode();
        // A repeated name keeps its first place and its last value, as the mapper's tree does.
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
          String name = parser.currentName();
          parser.nextToken();
          object.set(name, value(parser));
        }
        return object;
      }
      case START_ARRAY -> {
        ArrayNode array = NODES.arrayNode();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
          array.add(value(parser));
        }
        return array;
      }
      case VALUE_STRING -> {
        return TextNode.valueOf(parser.getText());
      }
      case VALUE_NUMBER_INT -> {
        return switch (parser.getNumberType()) {
          case INT -> NODES.numberNode(parser.getIntValue());
          case LONG -> NODES.numberNode(parser.getLongValue());
          default -> NODES.numberNode(parser.getBigIntegerValue());
        };
      }
      case VALUE_NUMBER_FLOAT -> {
        return NODES.numberNode(decimal(parser.getDecimalValue()));
      }
      case VALUE_TRUE, VALUE_FALSE -> {
        return BooleanNode.valueOf(token == JsonToken.VALUE_TRUE);
      }
      case VALUE_NULL -> {
        return NullNode.getInstance();
      }
      default -> throw new IOException("unexpected token " + token);
    }
  }

  /**
   * A decimal as the mapper keeps it (it reads floats as decimals): without trailing zeros, its
   * node factory's default.
   */
  private static BigDecimal decimal(BigDecimal read) {
    try {
      return read.stripTrailingZeros();
    } catch (ArithmeticException e) {
      return read;
    }
  }
}
