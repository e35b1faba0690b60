package dev.milktui.core.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link JsonTrees} reads what {@code Json.mapper().readTree} reads, or fails where it fails. */
class JsonTreesTest {
  private static final String[] SCALARS = {
    "0",
    "-1",
    "2147483647",
    "2147483648",
    "-9223372036854775808",
    "9223372036854775808",
    "123456789012345678901234567890",
    "1.50",
    "1.0",
    "0.0",
    "-0.0",
    "1e3",
    "1E+2",
    "2.5e-3",
    "1.0e-400",
    "1e400",
    "100.000",
    "true",
    "false",
    "null",
    "\"\"",
    "\"a\"",
    "\"é😀\"",
    "\"\\u00e9\\ud83d\\ude00\"",
    "\"\\ud800\"",
    "\"\\n\\t\\\"\\\\\\/\\b\\f\\r\"",
    "\"\\u0000\""
  };

  private static final String BREAKERS = "{}[],:\"\\ 0.e-x";

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "   ",
        "\n",
        "null",
        "{}",
        "[]",
        "{\"a\":1,\"b\":2,\"a\":3}",
        "{\"a\":{\"x\":1},\"a\":[1]}",
        "{} trailing",
        "[1] ]",
        "1 2",
        "123abc",
        "{\"a\":1.500}",
        "{\"a\":",
        "{\"a\" 1}",
        "[1,]",
        "\"\\x\"",
        "nul",
        "{\"a\":NaN}",
        "]",
        "}"
      })
  void readsTheSameTreeAsTheMapperOrFailsAsIt(String json) {
    assertSameAsMapper(json.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void readsGeneratedJsonAsTheMapperReadsIt() {
    Random random = new Random(7);
    for (int i = 0; i < 3000; i++) {
      assertSameAsMapper(generated(random).getBytes(StandardCharsets.UTF_8));
    }
  }

  @Test
  void readsBrokenJsonAsTheMapperReadsIt() {
    Random random = new Random(11);
    for (int i = 0; i < 5000; i++) {
      byte[] bytes = generated(random).getBytes(StandardCharsets.UTF_8);
      int edits = 1 + random.nextInt(3);
      for (int e = 0; e < edits && bytes.length > 0; e++) {
        int at = random.nextInt(bytes.length);
        switch (random.nextInt(4)) {
          case 0 -> bytes[at] = (byte) random.nextInt(256);
          case 1 -> bytes = Arrays.copyOf(bytes, at);
          case 2 -> bytes[at] = (byte) BREAKERS.charAt(random.nextInt(BREAKERS.length()));
          default -> {
            byte[] longer = new byte[bytes.length + 1];
            System.arraycopy(bytes, 0, longer, 0, at);
            longer[at] = (byte) BREAKERS.charAt(random.nextInt(BREAKERS.length()));
            System.arraycopy(bytes, at, longer, at + 1, bytes.length - at);
            bytes = longer;
          }
        }
      }
      assertSameAsMapper(bytes);
    }
  }

  @Test
  void writesTreesAsTheMappersWriteValueAsBytes() throws IOException {
    Random random = new Random(13);
    for (int i = 0; i < 2000; i++) {
      String json = generated(random);
      JsonNode tree = Json.mapper().readTree(json);
      if (!tree.isMissingNode()) {
        assertThat(Json.bytes(tree)).as(json).isEqualTo(Json.mapper().writeValueAsBytes(tree));
      }
    }
  }

  @Test
  void readsAValueInsideLargerBytes() throws IOException {
    byte[] bytes = "xx{\"a\":[1,2.50]}yy".getBytes(StandardCharsets.UTF_8);

    assertThat(JsonTrees.read(bytes, 2, bytes.length - 4).toString())
        .isEqualTo(Json.mapper().readTree(bytes, 2, bytes.length - 4).toString())
        .isEqualTo("{\"a\":[1,2.5]}");
  }

  private static String generated(Random random) {
    StringBuilder json = new StringBuilder();
    value(random, json, 0);
    return json.toString();
  }

  private static void value(Random random, StringBuilder out, int depth) {
    int kind = depth > 4 ? 2 : random.nextInt(4);
    switch (kind) {
      case 0 -> {
        out.append('{');
        int fields = random.nextInt(5);
        List<String> names = new ArrayList<>(List.of("a", "b", "type", "é", "\\u0041"));
        for (int i = 0; i < fields; i++) {
          if (i > 0) {
            out.append(',');
          }
          out.append(random.nextBoolean() ? " " : "");
          out.append('"').append(names.get(random.nextInt(names.size()))).append("\":");
          value(random, out, depth + 1);
        }
        out.append('}');
      }
      case 1 -> {
        out.append('[');
        int elements = random.nextInt(5);
        for (int i = 0; i < elements; i++) {
          if (i > 0) {
            out.append(", ");
          }
          value(random, out, depth + 1);
        }
        out.append(']');
      }
      default -> {
        if (random.nextInt(4) == 0) {
          out.append(random.nextInt(1000)).append('.').append(random.nextInt(1000));
          if (random.nextBoolean()) {
            out.append('e').append(random.nextInt(40) - 20);
          }
        } else {
          out.append(SCALARS[random.nextInt(SCALARS.length)]);
        }
      }
    }
  }

  private static void assertSameAsMapper(byte[] bytes) {
    String input = new String(bytes, StandardCharsets.ISO_8859_1);
    JsonNode expected;
    try {
      expected = Json.mapper().readTree(bytes, 0, bytes.length);
    } catch (IOException | RuntimeException e) {
      // Failing as the mapper fails: an exception of the same class (a number out of range is
      // no IOException).
      assertThat(read(bytes)).as(input).isInstanceOf(e.getClass());
      return;
    }
    Object actual = read(bytes);
    assertThat(actual).as(input).isInstanceOf(JsonNode.class).isEqualTo(expected);
    assertThat(actual.toString()).as(input).isEqualTo(expected.toString());
    assertThat(shape((JsonNode) actual)).as(input).isEqualTo(shape(expected));
  }

  /** The tree read, or what was thrown. */
  private static Object read(byte[] bytes) {
    try {
      return JsonTrees.read(bytes, 0, bytes.length);
    } catch (IOException | RuntimeException e) {
      return e;
    }
  }

  /** The node classes of the tree, in order: equal trees may differ in number classes. */
  private static String shape(JsonNode node) {
    StringBuilder out = new StringBuilder(node.getClass().getSimpleName());
    if (node.isContainerNode()) {
      out.append('(');
      node.forEach(child -> out.append(shape(child)).append(' '));
      out.append(')');
    }
    return out.toString();
  }
}
