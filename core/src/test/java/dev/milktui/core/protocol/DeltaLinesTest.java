package dev.milktui.core.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.testkit.Recordings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DeltaLinesTest {
  private static final String DELTA =
      "{\"type\":\"stream_event\",\"event\":{\"type\":\"content_block_delta\",\"index\":2,"
          + "\"delta\":{\"type\":\"text_delta\",\"text\":\"Hi \\u00e9\\ud83d\\ude00\"}},"
          + "\"session_id\":\"s-1\",\"parent_tool_use_id\":null,\"uuid\":\"u-1\","
          + "\"api_message_id\":\"msg_1\"}";

  @Test
  void everyDeltaOfEveryRecordingReadsAsTheGeneralParserReadsIt() throws IOException {
    int fast = 0;
    for (String name : Recordings.names()) {
      // One for the whole recording, as a reader has: what it keeps from a line to the next
      // must not change what a later line reads as.
      DeltaLines deltas = new DeltaLines();
      for (String text : Files.readAllLines(Recordings.ndjson(name), StandardCharsets.UTF_8)) {
        byte[] line = text.getBytes(StandardCharsets.UTF_8);
        StreamEventMessage read = deltas.read(line, line.length);
        if (read == null) {
          continue;
        }
        fast++;
        CliMessage general = MessageParser.parse(Json.mapper().readTree(line));
        assertThat(read).as(name + ": " + text).isEqualTo(general);
        assertThat(read.sessionId()).isEqualTo(general.sessionId());
        assertThat(read.raw()).isEqualTo(Json.mapper().readTree(line));
      }
    }
    assertThat(fast).as("deltas read without a tree").isGreaterThan(100);
  }

  @Test
  void aTextDeltaKeepsItsTextIndexIdsAndWholeLine() throws IOException {
    byte[] line = DELTA.getBytes(StandardCharsets.UTF_8);
    StreamEventMessage read = new DeltaLines().read(line, line.length);
    assertThat(read.event())
        .isEqualTo(new StreamEvent.ContentBlockDelta(2, new StreamEvent.Delta.Text("Hi é😀")));
    assertThat(read.apiMessageId()).isEqualTo("msg_1");
    assertThat(read.parentToolUseId()).isNull();
    assertThat(read.sessionId()).isEqualTo("s-1");
    assertThat(read.raw().get("uuid").textValue()).isEqualTo("u-1");
  }

  @Test
  void idsRepeatedFromTheLastLineAreKeptAndNewOnesRead() throws IOException {
    DeltaLines deltas = new DeltaLines();
    String[] texts = {
      DELTA,
      DELTA.replace("msg_1", "msg_2"),
      DELTA.replace("msg_1", "msg_2").replace("\"s-1\"", "\"s-2\""),
      DELTA
          .replace("msg_1", "msg_2")
          .replace("\"parent_tool_use_id\":null", "\"parent_tool_use_id\":\"t\""),
      DELTA.replace("\"api_message_id\":\"msg_1\"", "\"api_message_id\":3")
    };
    for (String text : texts) {
      byte[] line = text.getBytes(StandardCharsets.UTF_8);
      StreamEventMessage read = deltas.read(line, line.length);
      assertThat(read).as(text).isEqualTo(MessageParser.parse(Json.mapper().readTree(line)));
      assertThat(read.sessionId()).as(text).isEqualTo(Json.text(read.raw(), "session_id"));
    }
  }

  @Test
  void theLineIsCopiedSoTheReadersReusedBufferCanChangeAfterwards() {
    byte[] line = DELTA.getBytes(StandardCharsets.UTF_8);
    StreamEventMessage read = new DeltaLines().read(line, line.length);
    java.util.Arrays.fill(line, (byte) ' ');
    assertThat(read.raw().get("uuid").textValue()).isEqualTo("u-1");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        // Not a delta, or not its plain shape: the general parser reads these.
        "{\"type\":\"stream_event\",\"event\":{\"type\":\"content_block_stop\",\"index\":0}}",
        "{\"type\":\"stream_event\",\"event\":{\"type\":\"content_block_delta\",\"index\":0,"
            + "\"delta\":{\"type\":\"signature_delta\",\"signature\":\"x\"}}}",
        "{\"type\":\"stream_event\",\"event\":{\"type\":\"content_block_delta\",\"index\":1.5,"
            + "\"delta\":{\"type\":\"text_delta\",\"text\":\"x\"}}}",
        "{\"type\":\"stream_event\",\"event\":{\"type\":\"content_block_delta\",\"index\":0,"
            + "\"delta\":{\"type\":\"text_delta\",\"text\":7}}}",
        "{\"type\":\"stream_event\",\"event\":{\"type\":\"content_block_delta\",\"index\":0,"
            + "\"delta\":{\"type\":\"text_delta\"}}}",
        "{\"type\":\"stream_event\",\"event\":{\"type\":\"content_block_delta\",\"index\":0,"
            + "\"delta\":{\"type\":\"text_delta\",\"text\":\"x\"}}} trailing",
        "{\"type\":\"stream_event\",\"event\":{\"type\":\"content_block_delta\",\"index\":0,"
            + "\"delta\":{\"type\":\"text_delta\",\"text\":\"x\"}}",
        "{\"type\":\"stream_event\",\"event\":[1,2]}",
        "{\"type\":\"stream_event\",\"session_id\":\"s\"}",
        "{\"type\":\"assistant\",\"message\":{}}",
        "[\"type\",\"stream_event\"]",
      })
  void anythingButThePlainShapeOfADeltaIsLeftToTheGeneralParser(String text) {
    byte[] line = text.getBytes(StandardCharsets.UTF_8);
    assertThat(new DeltaLines().read(line, line.length)).isNull();
  }

  @Test
  void aLineLeftToTheGeneralParserDoesNotChangeHowTheNextDeltaReads() throws IOException {
    DeltaLines deltas = new DeltaLines();
    byte[] delta = DELTA.getBytes(StandardCharsets.UTF_8);
    StreamEventMessage expected =
        (StreamEventMessage) MessageParser.parse(Json.mapper().readTree(delta));
    String[] others = {
      "{\"type\":\"stream_event\",\"event\":{\"type\":\"content_block_stop\",\"index\":0}}",
      "{\"type\":\"stream_event\",\"event\":{\"type\":\"content_block_delta\",\"index\":0,",
      "{\"type\":\"stream_event\",\"event\":{}} trailing",
      "{\"type\":\"stream_event\",\"event\":{\"type\":\"content_block_delta\",\"delta\":\"\\x\"}}",
    };
    for (String other : others) {
      byte[] line = other.getBytes(StandardCharsets.UTF_8);
      assertThat(deltas.read(line, line.length)).as(other).isNull();
      assertThat(deltas.read(delta, delta.length)).as("after " + other).isEqualTo(expected);
      assertThat(deltas.read(delta, delta.length)).as("twice after " + other).isEqualTo(expected);
    }
  }

  @Test
  void invalidUtf8ReadsAsTheGeneralParserReadsItWithReplacementCharacters() throws IOException {
    byte[] line = DELTA.replace("Hi", "H\u0001").getBytes(StandardCharsets.UTF_8);
    int at = DELTA.indexOf("Hi") + 1;
    line[at] = (byte) 0xC3; // a lead byte followed by an ASCII byte: invalid UTF-8
    StreamEventMessage read = new DeltaLines().read(line, line.length);
    CliMessage general =
        MessageParser.parse(Json.mapper().readTree(new String(line, StandardCharsets.UTF_8)));
    if (read != null) {
      assertThat(read.event()).isEqualTo(((StreamEventMessage) general).event());
    }
    assertThat(((StreamEventMessage) general).event().toString()).contains("H\uFFFD é");
  }
}
