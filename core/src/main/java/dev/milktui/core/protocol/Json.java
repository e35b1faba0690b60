package dev.milktui.core.protocol;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The one Jackson mapper of the wire layer, and lenient field accessors: a field of the wrong JSON
 * type reads as absent instead of failing the whole line.
 */
public final class Json {
  /**
   * Tool results can be tens of megabytes in one string; Jackson's default 20 MB string cap would
   * turn such a line into a diagnostic, so the cap follows the reader's line cap instead.
   */
  public static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .build();

  static {
    MAPPER
        .getFactory()
        .setStreamReadConstraints(
            StreamReadConstraints.builder()
                .maxStringLength(Integer.MAX_VALUE)
                .maxNestingDepth(2_000)
                .build());
  }

  private Json() {}

  public static ObjectNode object() {
    return JsonNodeFactory.instance.objectNode();
  }

  /** The field's text, or null when it is absent or not a string. */
  public static String text(JsonNode node, String field) {
    JsonNode value = node == null ? null : node.get(field);
    return value != null && value.isTextual() ? value.textValue() : null;
  }

  /** The field's integer value, or null when it is absent or not an integral number. */
  public static Integer integer(JsonNode node, String field) {
    JsonNode value = node == null ? null : node.get(field);
    return value != null && value.isIntegralNumber() && value.canConvertToInt()
        ? value.intValue()
        : null;
  }

  public static long longValue(JsonNode node, String field, long fallback) {
    JsonNode value = node == null ? null : node.get(field);
    return value != null && value.isNumber() ? value.longValue() : fallback;
  }

  public static double doubleValue(JsonNode node, String field, double fallback) {
    JsonNode value = node == null ? null : node.get(field);
    return value != null && value.isNumber() ? value.doubleValue() : fallback;
  }

  /** True only when the field is the JSON literal {@code true}. */
  public static boolean isTrue(JsonNode node, String field) {
    JsonNode value = node == null ? null : node.get(field);
    return value != null && value.isBoolean() && value.booleanValue();
  }

  /** The field's boolean, or null when absent or not a boolean (absence matters for is_error). */
  public static Boolean bool(JsonNode node, String field) {
    JsonNode value = node == null ? null : node.get(field);
    return value != null && value.isBoolean() ? value.booleanValue() : null;
  }

  /** The field when it is an object, else an empty object (never null). */
  public static ObjectNode objectOrEmpty(JsonNode node, String field) {
    JsonNode value = node == null ? null : node.get(field);
    return value != null && value.isObject() ? (ObjectNode) value : object();
  }

  /** The field when it is an object, else null. */
  public static JsonNode objectOrNull(JsonNode node, String field) {
    JsonNode value = node == null ? null : node.get(field);
    return value != null && value.isObject() ? value : null;
  }

  /** The elements of an array field; empty when absent or not an array. */
  public static List<JsonNode> elements(JsonNode node, String field) {
    JsonNode value = node == null ? null : node.get(field);
    if (value == null || !value.isArray()) {
      return List.of();
    }
    List<JsonNode> out = new ArrayList<>(value.size());
    value.forEach(out::add);
    return out;
  }

  /** The string elements of an array field, skipping anything that is not a string. */
  public static List<String> strings(JsonNode node, String field) {
    List<String> out = new ArrayList<>();
    for (JsonNode element : elements(node, field)) {
      if (element.isTextual()) {
        out.add(element.textValue());
      }
    }
    return List.copyOf(out);
  }

  /** Compact one-line JSON, for the wire. */
  public static String write(JsonNode node) {
    return node.toString();
  }
}
