package dev.milktui.core.protocol;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.Map;

/**
 * Writes a tree onto a streaming generator as the mapper's writer would, so that writing JSON never
 * builds a mapper ({@link Json#mapper()}). {@code JsonNode.serialize} cannot stand in: without the
 * mapper's serializer provider it fails on objects and nulls; and {@code JsonNode.toString} builds
 * Jackson's own internal mapper.
 */
public final class JsonTreeWriter {
  private JsonTreeWriter() {}

  public static void write(JsonGenerator generator, JsonNode node) throws IOException {
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
}
