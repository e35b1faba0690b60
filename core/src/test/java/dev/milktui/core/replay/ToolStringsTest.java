package dev.milktui.core.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.protocol.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ToolStringsTest {
  private static final int CAP = ToolPreviews.STRING_CHARS;
  private static final int SHORT = ToolPreviews.SHORT_CHARS;

  /** A tool result whose content is {@code json}, a JSON string as written (quotes included). */
  private static String result(String json) {
    return "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\","
        + "\"tool_use_id\":\"t\",\"content\":"
        + json
        + "}]},\"session_id\":\"s\"}";
  }

  private static String quoted(String raw) {
    return "\"" + raw + "\"";
  }

  /**
   * What the preview keeps of the line through {@link ToolStrings} and through the tree Jackson
   * reads of it, whose strings are decoded whole, under the same budget: they must be the same.
   */
  private static void assertSamePreviews(byte[] line) {
    for (long budget : new long[] {ToolPreviews.BUDGET_CHARS, CAP + 1, 0}) {
      byte[] streamed = ToolPreviewsTest.of(new ToolPreviews(budget), line, 0, line.length);
      byte[] whole;
      try {
        JsonNode tree = Json.mapper().readTree(line);
        whole = ToolPreviewsTest.of(new ToolPreviews(budget), tree, line, 0, line.length);
      } catch (IOException e) {
        whole = line;
      }
      assertThat(new String(streamed, StandardCharsets.UTF_8))
          .as("budget %d", budget)
          .isEqualTo(new String(whole, StandardCharsets.UTF_8));
    }
  }

  private static void assertSamePreviews(String line) {
    assertSamePreviews(line.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void aToolsLongOutputIsFoldedFromTheBytesAsFromTheDecodedString() throws Exception {
    String line = result(quoted("0123456789 line of output\\n".repeat(2000)));
    byte[] bytes = line.getBytes(StandardCharsets.UTF_8);

    JsonNode tree = ToolStrings.parse(bytes, 0, bytes.length);

    assertThat(tree.at("/message/content/0/content")).isInstanceOf(ToolStrings.Text.class);
    assertSamePreviews(line);
    assertThat(
            new String(
                ToolPreviewsTest.of(new ToolPreviews(0), bytes, 0, bytes.length),
                StandardCharsets.UTF_8))
        .contains("… [" + (2000 * 26 - SHORT) + " more bytes]");
  }

  /**
   * Long lines of random strings near the cap, in tool values, keys and elsewhere, some broken:
   * what is kept is the same as through the mapper's tree, whether the line is parsed or its bytes
   * show nothing to fold.
   */
  @Test
  void randomLongLinesKeepWhatTheMappersTreeKeeps() {
    String[] pieces = {
      "x", "é", "😀", "\\n", "\\u00e9", "\\ud83d\\ude00", "\\ud83d", "\\\"", "\\q"
    };
    java.util.Random random = new java.util.Random(3);
    for (int i = 0; i < 600; i++) {
      String[] strings = new String[3];
      for (int j = 0; j < strings.length; j++) {
        StringBuilder string = new StringBuilder();
        int target = CAP - 3 + random.nextInt(7);
        if (random.nextInt(3) == 0) {
          target = random.nextInt(50);
        }
        String piece = pieces[random.nextInt(pieces.length)];
        while (string.length() < target) {
          string.append(random.nextInt(4) == 0 ? piece : "y");
        }
        strings[j] = quoted(string.toString());
      }
      String line =
          "{\"type\":\"assistant\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":"
              + strings[0]
              + "},{\"type\":\"tool_use\",\"id\":\"t\",\"name\":\"Write\",\"input\":{"
              + strings[1]
              + ":"
              + strings[2]
              + ",\"n\":[1,2.50,true,null]}}]},\"pad\":\""
              + "p".repeat(random.nextInt(2) * CAP)
              + "\"}";
      byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
      if (random.nextInt(6) == 0) {
        byte[] breakers = {'"', '{', '}', '\\', (byte) 0xFF, (byte) 0x80, ':', ','};
        bytes[random.nextInt(bytes.length)] = breakers[random.nextInt(breakers.length)];
      }
      if (random.nextInt(6) == 0) {
        bytes = Arrays.copyOf(bytes, bytes.length - 1 - random.nextInt(bytes.length / 2));
      }
      if (bytes.length > CAP) {
        assertSamePreviews(bytes);
      }
    }
  }

  @Test
  void escapesAndCharactersBeyondAsciiAreCountedAsDecodedAndEncodedAgain() {
    String[] pieces = {
      "\\n",
      "\\t",
      "\\\"",
      "\\\\",
      "\\/",
      "\\b",
      "\\f",
      "\\r",
      "\\u00e9",
      "\\u20ac",
      "\\u0041",
      "\\ud83d\\ude00",
      "\\ud83d",
      "\\ude00",
      "\\ud83d😀",
      "😀\\ude00",
      "é",
      "€",
      "😀",
      "x"
    };
    for (String piece : pieces) {
      assertSamePreviews(result(quoted(piece.repeat(CAP / 2 + 10))));
      assertSamePreviews(result(quoted("y".repeat(CAP) + piece.repeat(5))));
    }
  }

  @Test
  void aCutFallingOnEitherHalfOfASurrogatePairKeepsThePairWholeOrLeavesItOut() {
    for (int limit : new int[] {CAP, SHORT}) {
      for (int before = limit - 3; before <= limit + 1; before++) {
        for (String pair : new String[] {"😀", "\\ud83d\\ude00", "\\ud83d", "\\ud83dz"}) {
          assertSamePreviews(result(quoted("a".repeat(before) + pair + "b".repeat(CAP))));
        }
      }
    }
  }

  @Test
  void stringsAroundTheCapAreFoldedExactlyWhenTheyHaveMoreCharactersThanIt() {
    for (int length = CAP - 1; length <= CAP + 2; length++) {
      assertSamePreviews(result(quoted("z".repeat(length))));
    }
    // More bytes than the cap but no more characters: kept whole.
    assertSamePreviews(result(quoted("é".repeat(CAP))));
    assertSamePreviews(result(quoted("\\u00e9".repeat(CAP))));
  }

  @Test
  void longStringsOutsideAToolsValuesAreReadWholeAsJacksonReadsThem() throws Exception {
    String text = "a long reply \\\"quoted\\\" é 😀\\n".repeat(400);
    String line =
        "{\"type\":\"assistant\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":\""
            + text
            + "\"},{\"type\":\"tool_use\",\"id\":\"w\",\"name\":\"Write\",\"input\":{\"content\":\""
            + text
            + "\"}}]},\"note\":\""
            + text
            + "\",\""
            + text
            + "\" : 1}";
    byte[] bytes = line.getBytes(StandardCharsets.UTF_8);

    JsonNode tree = ToolStrings.parse(bytes, 0, bytes.length);
    JsonNode jackson = Json.mapper().readTree(bytes);

    assertThat(tree.at("/message/content/0")).isEqualTo(jackson.at("/message/content/0"));
    assertThat(tree.get("note")).isEqualTo(jackson.get("note"));
    assertThat(tree.at("/message/content/1/input/content")).isInstanceOf(ToolStrings.Text.class);
    assertSamePreviews(line);
  }

  @Test
  void everyKindOfToolValueIsFoldedInTheOrderItsBudgetIsCharged() {
    String longText = "q".repeat(CAP + 700);
    String line =
        "{\"type\":\"user\",\"message\":{\"content\":[{\"type\":\"tool_use\",\"input\":{\"a\":[\""
            + longText
            + "\",{\"b\":\""
            + longText
            + "\"}]}},{\"type\":\"server_tool_use\",\"input\":\""
            + longText
            + "\"},{\"content\":\""
            + longText
            + "\",\"type\":\"tool_result\",\"content\":\"short\"}]},\"tool_use_result\":{\"stdout\":\""
            + longText
            + "\",\"n\":1.50}}";

    assertSamePreviews(line);
  }

  @Test
  void aLineTheByteReadingCannotVouchForIsParsedAsItIs() {
    String big = "w".repeat(CAP + 10);
    List<byte[]> lines = new ArrayList<>();
    for (String odd :
        new String[] {
          "\\u0000", "\\x", "\\u12", "\\u12G4", "\t", "\u0001", "\"", "\\",
        }) {
      lines.add(result(quoted(big + odd + big)).getBytes(StandardCharsets.UTF_8));
    }
    for (byte[] invalid :
        new byte[][] {
          {(byte) 0x80},
          {(byte) 0xC0, (byte) 0xAF},
          {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
          {(byte) 0xF5, (byte) 0x80, (byte) 0x80, (byte) 0x80},
          {(byte) 0xE2, (byte) 0x82}
        }) {
      ByteArrayOutputStream line = new ByteArrayOutputStream();
      line.writeBytes(result("\"" + big).getBytes(StandardCharsets.UTF_8));
      line.writeBytes(invalid);
      line.writeBytes((big + "\"}]}}").getBytes(StandardCharsets.UTF_8));
      lines.add(line.toByteArray());
    }
    lines.add(("{\"content\":\"" + big).getBytes(StandardCharsets.UTF_8));
    lines.add(result(quoted(big)).replace("}]}", "]}").getBytes(StandardCharsets.UTF_8));
    lines.add((result(quoted(big)) + " trailing \"" + "\\x").getBytes(StandardCharsets.UTF_8));
    for (byte[] line : lines) {
      assertSamePreviews(line);
    }
  }

  @Test
  void aMalformedLineFailsAsJacksonFailsOnIt() {
    byte[] unclosed =
        result(quoted("u".repeat(CAP + 10))).replace("}]}", "]}").getBytes(StandardCharsets.UTF_8);
    byte[] controlled =
        result(quoted("u".repeat(CAP + 10) + "\u0001")).getBytes(StandardCharsets.UTF_8);

    for (byte[] line : List.of(unclosed, controlled)) {
      assertThatThrownBy(() -> Json.mapper().readTree(line)).isInstanceOf(IOException.class);
      assertThatThrownBy(() -> ToolStrings.parse(line, 0, line.length))
          .isInstanceOf(IOException.class);
    }
  }

  @Test
  void aLineWithinABiggerBufferIsReadFromItsOffset() throws Exception {
    byte[] line = result(quoted("o".repeat(CAP * 2))).getBytes(StandardCharsets.UTF_8);
    byte[] buffer = new byte[line.length + 20];
    Arrays.fill(buffer, (byte) '"');
    System.arraycopy(line, 0, buffer, 10, line.length);

    byte[] folded =
        ToolPreviewsTest.of(new ToolPreviews(ToolPreviews.BUDGET_CHARS), buffer, 10, line.length);
    byte[] expected =
        ToolPreviewsTest.of(new ToolPreviews(ToolPreviews.BUDGET_CHARS), line, 0, line.length);

    assertThat(folded).isEqualTo(expected).isNotEqualTo(line);
  }

  @Test
  void everyLineOfTheRecordingsKeepsTheSamePreviews() throws Exception {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(Path.of("src/test/resources/recordings"))) {
      files =
          walk.filter(f -> f.toString().endsWith(".ndjson") || f.toString().endsWith(".jsonl"))
              .toList();
    }
    assertThat(files).isNotEmpty();
    for (Path file : files) {
      for (String line : Files.readAllLines(file)) {
        assertSamePreviews(line);
      }
    }
  }
}
