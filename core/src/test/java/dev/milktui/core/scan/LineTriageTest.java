package dev.milktui.core.scan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
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

  private static final String ENTRY_OPENING = "{\"ts\":\"t\",\"dir\":\"cli\",\"line\":";

  /** A session record's entry of a line from claude, escaped as the record writes it. */
  private static String entry(String line) {
    try {
      return ENTRY_OPENING + Json.mapper().writeValueAsString(line) + "}";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The triage of an entry's line still escaped; the entry must have the record's shape. */
  private LineOutcome.Facts recorded(String entry) {
    byte[] bytes = entry.getBytes(StandardCharsets.UTF_8);
    int start = RecordedLine.start(bytes, 0, bytes.length);
    assertThat(start).as(entry).isPositive();
    return triage.recordedFacts(bytes, start, bytes.length);
  }

  /** The triage of an entry's line once unescaped; null when it cannot be unescaped. */
  private LineOutcome.Facts unescaped(String entry) {
    byte[] bytes = entry.getBytes(StandardCharsets.UTF_8);
    int start = RecordedLine.start(bytes, 0, bytes.length);
    try {
      int end = RecordedLine.unescape(bytes, start, bytes.length);
      return triage.facts(bytes, start, end - start);
    } catch (RecordedLine.Malformed e) {
      return null;
    }
  }

  /** What Jackson reads of a line, or null when it is not one JSON object. */
  private static JsonNode jackson(String line) {
    try {
      JsonNode node =
          Json.mapper()
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
      String line = broken(seed, 0, alphabet, random);
      LineOutcome.Facts facts = facts(line);
      if (facts == null) {
        continue;
      }
      settled++;
      JsonNode full = jackson(line);
      assertThat(full).as(line).isNotNull();
      assertThat(Json.text(full, "type")).as(line).isNotIn("user", "assistant", "result");
      assertThat(facts.sessionId()).as(line).isEqualTo(Json.text(full, "session_id"));
    }
    assertThat(settled).isGreaterThan(100);
  }

  @Test
  void aRecordedLineIsSettledStillEscapedWithTheFactsOfTheLineItself() {
    for (String line :
        List.of(
            "{\"type\":\"system\",\"subtype\":\"status\",\"session_id\":\"s1\",\"x\":[1]}",
            "{\"type\":\"system\",\"subtype\":\"init\",\"cwd\":\"/p\",\"session_id\":\"s\","
                + "\"claude_code_version\":\"2.1.332\",\"n\":-1.5e+3}",
            "{\"type\":\"stream_event\",\"event\":{\"type\":\"content_block_delta\","
                + "\"delta\":{\"text\":\"caf\u00e9 \\\"q\\\" \\\\ \\n \\u0041 \\/\"}},\"session_id\":\"s\"}",
            "{\"type\":\"control_request\",\"request\":{}} ")) {
      String entry = entry(line);
      assertThat(recorded(entry)).as(entry).isNotNull().isEqualTo(unescaped(entry));
    }
  }

  @Test
  void contentThatSpellsATypeFieldInsideAnEscapedStringIsContent() {
    String line =
        "{\"type\":\"system\",\"session_id\":\"s\",\"text\":\"\\\",\\\"type\\\":\\\"user\\\\\"}";
    assertThat(recorded(entry(line))).isEqualTo(new LineOutcome.Facts("s", null, null));
    assertThat(recorded(entry("{\"type\":\"system\",\"x\":\"a\",\"type\":\"user\"}"))).isNull();
  }

  @Test
  void recordedLinesThatMatterOrAreNotPlainlyWellFormedAreLeftToTheGeneralPath() {
    for (String entry :
        List.of(
            entry("{\"type\":\"assistant\",\"message\":{}}"),
            entry("{\"type\":\"user\",\"message\":{}}"),
            entry("{\"type\":\"result\",\"subtype\":\"success\"}"),
            entry("{\"session_id\":\"s\",\"type\":\"system\"}"),
            entry("{\"type\":\"system\",\"subtype\":\"permission_denied\"}"),
            entry("{\"type\":\"system\"\n}"),
            entry("{\"type\":\"system\",\"text\":\"a\u0001\"}"),
            entry("{\"type\":\"system\""),
            // A quote or a backslash of the line written as a unicode escape of the entry.
            "{\"ts\":\"t\",\"dir\":\"cli\",\"line\":\"{\\\"type\\\":\\\"system\\\",\\\"x\\\":\\\"\\u0022}\"}",
            "{\"ts\":\"t\",\"dir\":\"cli\",\"line\":\"{\\\"type\\\":\\\"system\\u005c\\\"}\"}",
            // The entry's string ends inside the line's string, right after its backslash.
            "{\"ts\":\"t\",\"dir\":\"cli\",\"line\":\"{\\\"type\\\":\\\"system\\\",\\\"x\\\":\\\"a\\\\\"\\\"}\"}",
            // Something after the entry's string.
            "{\"ts\":\"t\",\"dir\":\"cli\",\"line\":\"{\\\"type\\\":\\\"system\\\"}\",\"x\":1}",
            "{\"ts\":\"t\",\"dir\":\"cli\",\"line\":\"{\\\"type\\\":\\\"system\\\"}\"")) {
      assertThat(recorded(entry)).as(entry).isNull();
    }
  }

  @Test
  void anEntryOfAnotherShapeGoesTheGeneralPathAndTellsTheSame() throws LineSkim.Malformed {
    String line = "{\"type\":\"system\",\"subtype\":\"status\",\"session_id\":\"s1\"}";
    String shaped = entry(line);
    String reordered = "{\"dir\":\"cli\"," + shaped.substring(1).replace(",\"dir\":\"cli\"", "");
    byte[] bytes = reordered.getBytes(StandardCharsets.UTF_8);
    assertThat(RecordedLine.start(bytes, 0, bytes.length)).isNegative();
    LineOutcome general = LineSkim.claudeLine(bytes, 0, bytes.length, triage);
    assertThat(general).isInstanceOf(LineOutcome.Message.class);
    assertThat(((LineOutcome.Message) general).message().sessionId())
        .isEqualTo(recorded(shaped).sessionId());
  }

  /**
   * Entries made by breaking a record's entry at random, around its escapes: whatever the triage
   * settles still escaped, unescaping succeeds and the line is settled with the same facts.
   */
  @Test
  void whatIsSettledInTheEntryIsSettledTheSameOnceUnescaped() {
    String seed =
        entry(
            "{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"abc\",\"cwd\":\"/p\","
                + "\"a\":[1,-2.5e3,true,false,null,{\"b\":\"\\\"\\\\\\/\\b\\n\\u00e9 é\"}],"
                + "\"claude_code_version\":\"1\",\"c\":{}, \"d\" : [ ] }");
    String alphabet = "{}[]\",:\\ 0123456789.eE+-tfnulrsaxyz/\u00e9\t\u0001";
    Random random = new Random(24);
    int settled = 0;
    for (int i = 0; i < 20_000; i++) {
      // The entry's opening and its string's quote stay: other shapes are not read here.
      // here.
      String entry = broken(seed, ENTRY_OPENING.length() + 1, alphabet, random);
      LineOutcome.Facts facts = recorded(entry);
      if (facts != null) {
        settled++;
        assertThat(unescaped(entry)).as(entry).isEqualTo(facts);
      }
    }
    assertThat(settled).isGreaterThan(100);
  }

  /** {@code seed} with one to three characters from {@code from} on deleted, added or replaced. */
  private static String broken(String seed, int from, String alphabet, Random random) {
    StringBuilder text = new StringBuilder(seed);
    int edits = 1 + random.nextInt(3);
    for (int e = 0; e < edits; e++) {
      int at = from + random.nextInt(text.length() - from);
      char c = alphabet.charAt(random.nextInt(alphabet.length()));
      switch (random.nextInt(3)) {
        case 0 -> text.deleteCharAt(at);
        case 1 -> text.insert(at, c);
        default -> text.setCharAt(at, c);
      }
    }
    return text.toString();
  }
}
