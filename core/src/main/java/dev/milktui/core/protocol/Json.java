package dev.milktui.core.protocol;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The Jackson of the wire layer, and lenient field accessors: a field of the wrong JSON type reads
 * as absent instead of failing the whole line.
 *
 * <p>The mapper is built on first use ({@link #mapper()}): making it costs some 50 ms of a start
 * (its date formats, time zones and locales), and {@code milk-tui scan} needs none of it — it reads
 * with the streaming parser of {@link #factory()} and builds and writes trees of {@link #object()}
 * and {@link #array()} nodes, which are the mapper's own.
 */
public final class Json {
  private static final JsonFactory FACTORY = constrainedFactory();

  private Json() {}

  /** The streaming factory, with the mapper's limits; has no codec (reads no trees itself). */
  public static JsonFactory factory() {
    return FACTORY;
  }

  /** The mapper: built on the first call, reading as {@link #factory()} reads. */
  public static ObjectMapper mapper() {
    return Mapper.MAPPER;
  }

  /** Class initialisation makes the mapper once, when {@link #mapper()} first asks for it. */
  private static final class Mapper {
    static final ObjectMapper MAPPER =
        JsonMapper.builder(constrainedFactory())
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();
  }

  /**
   * Tool results can be tens of megabytes in one string; Jackson's default 20 MB string cap would
   * turn such a line into a diagnostic, so the cap follows the reader's line cap instead.
   */
  private static JsonFactory constrainedFactory() {
    return JsonFactory.builder()
        .streamReadConstraints(
            StreamReadConstraints.builder()
                .maxStringLength(Integer.MAX_VALUE)
                .maxNestingDepth(2_000)
                .build())
        .build();
  }

  /** An empty object of the mapper's node factory. */
  public static ObjectNode object() {
    return JsonNodeFactory.instance.objectNode();
  }

  /** An empty array of the mapper's node factory. */
  public static ArrayNode array() {
    return JsonNodeFactory.instance.arrayNode();
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

  /** Compact one-line JSON, for the wire; builds no mapper (a text scan writes with it too). */
  public static String write(JsonNode node) {
    StringWriter out = new StringWriter();
    try (JsonGenerator generator = FACTORY.createGenerator(out)) {
      JsonTreeWriter.write(generator, node);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  /** {@link #write} as UTF-8 bytes, as the mapper's {@code writeValueAsBytes} writes them. */
  public static byte[] bytes(JsonNode node) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator generator = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
      JsonTreeWriter.write(generator, node);
    }
    return out.toByteArray();
  }
}
