package dev.milktui.core.scan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.protocol.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LineTriageTest {
  private final LineTriage triage = new LineTriage();

  private LineOutcome.Facts facts(String line) {
    byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
    return triage.facts(bytes, 0, bytes.length);
  }

  /** What Jackson reads of a line, or null when it is not one JSON object. */
  private static JsonNode jackson(String line) {
    try {
      JsonNode node =
          Json.MAPPER
              .reader()
              .with(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
              .readTree(line);
      return node != null && node.isObject() ? node : null;
    } catch (IOException e) {
      return null;
    }
  }

  @Test
  void aStatusLineIsSettledWithItsSessionIdAndAnInitWithItsFolderAndVersion() {
    assertThat(
            facts(
                "{\"type\":\"system\",\"subtype\":\"status\",\"session_id\":\"s1\",\"x\":[1],"
                    + "\"cwd\":\"/q\"}"))
        .isEqualTo(new LineOutcome.Facts("s1", null, null));
    LineOutcome.Facts init =
        facts(
            "{\"type\":\"system\",\"subtype\":\"init\",\"cwd\":\"/p\",\"session_id\":\"s\","
                + "\"tools\":[\"Bash\"],\"claude_code_version\":\"2.1.332\",\"n\":-1.5e+3}");
    assertThat(init).isEqualTo(new LineOutcome.Facts("s", "/p", "2.1.332"));
  }

  @Test
  void linesThatCanChangeTheReportAreLeftToTheSkim() {
    for (String line :
        List.of(
            "{\"type\":\"assistant\",\"message\":{}}",
            "{\"type\":\"user\",\"message\":{}}",
            "{\"type\":\"result\",\"subtype\":\"success\"}",
            "{\"type\":\"system\",\"subtype\":\"permission_denied\"}",
            "{\"type\":\"stream_event\",\"event\":{\"type\":\"content_block_start\"}}",
            "{\"ts\":\"t\",\"dir\":\"host\",\"line\":\"x\"}",
            "{\"type\":1}",
            "{\"type\":\"system\",\"session_id\":\"\\u0073\"}",
            "{\"typ\\u0065\":\"user\"}",
            "{\"type\":\"system\",\"cwd\":\"/caf\u00e9\"}")) {
      assertThat(facts(line)).as(line).isNull();
    }
  }

  @Test
  void theLastOfARepeatedFieldCountsAsJacksonReadsIt() {
    assertThat(facts("{\"type\":\"system\",\"type\":\"user\"}")).isNull();
    assertThat(
            facts(
                "{\"type\":\"stream_event\",\"event\":{\"type\":\"content_block_start\"},"
                    + "\"event\":{\"type\":\"content_block_delta\"}}"))
        .isNotNull();
    assertThat(facts("{\"type\":\"system\",\"session_id\":\"a\",\"session_id\":2}").sessionId())
        .isNull();
  }

  @Test
  void onlyWellFormedJsonObjectsAreSettled() {
    for (String line :
        List.of(
            "[1]",
            "{\"type\":\"system\"",
            "{\"type\":\"system\"} x",
            "{\"type\":\"system\",}",
            "{\"type\":\"system\",\"n\":01}",
            "{\"type\":\"system\",\"n\":1.}",
            "{\"type\":\"system\",\"n\":.5}",
            "{\"type\":\"system\",\"n\":+1}",
            "{\"type\":\"system\",\"n\":NaN}",
            "{\"type\":\"system\",\"n\":truex}",
            "{\"type\":\"system\",\"s\":\"a\u0001\"}",
            "{\"type\":\"system\",\"s\":\"\\q\"}",
            "{\"type\":\"system\",\"s\":\"\\u12G4\"}",
            "{\"type\":\"system\" /* c */}",
            "{'type':\"system\"}",
            "{type:\"system\"}",
            "\uFEFF{\"type\":\"system\"}",
            "{\"type\":\"system\",\"a\":" + "[".repeat(100) + "]".repeat(100) + "}")) {
      assertThat(facts(line)).as(line).isNull();
    }
  }

  /**
   * Lines made by breaking well-formed ones at random: whatever the triage settles, Jackson reads
   * as one object with the same type, subtype and session id.
   */
  @Test
  void whatTheTriageSettlesJacksonReadsTheSame() {
    String seed =
        "{\"type\":\"system\",\"subtype\":\"status\",\"session_id\":\"abc\",\"a\":[1,-2.5e3,true,"
            + "false,null,{\"b\":\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9 é\"}],\"c\":{}, \"d\" : [ ] }";
    String alphabet = "{}[]\",:\\ 0123456789.eE+-tfnulrsaxyz\u00e9\t\u0001";
    Random random = new Random(24);
    int settled = 0;
    for (int i = 0; i < 20_000; i++) {
      StringBuilder line = new StringBuilder(seed);
      int edits = 1 + random.nextInt(3);
      for (int e = 0; e < edits; e++) {
        int at = random.nextInt(line.length());
        switch (random.nextInt(3)) {
          case 0 -> line.deleteCharAt(at);
          case 1 -> line.insert(at, alphabet.charAt(random.nextInt(alphabet.length())));
          default -> line.setCharAt(at, alphabet.charAt(random.nextInt(alphabet.length())));
        }
      }
      LineOutcome.Facts facts = facts(line.toString());
      if (facts == null) {
        continue;
      }
      settled++;
      JsonNode full = jackson(line.toString());
      assertThat(full).as(line.toString()).isNotNull();
      assertThat(Json.text(full, "type"))
          .as(line.toString())
          .isNotIn("user", "assistant", "result");
      assertThat(facts.sessionId()).as(line.toString()).isEqualTo(Json.text(full, "session_id"));
    }
    assertThat(settled).isGreaterThan(100);
  }
}
