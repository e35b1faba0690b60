package dev.milktui.core.turn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.StreamClosedRecord;
import dev.milktui.core.event.ToolCall;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.event.TurnSummary;
import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.MessageParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.Test;

/** Hand-made edge cases the recordings do not contain. */
class TurnAccumulatorTest {

  static CliMessage line(String json) {
    try {
      return MessageParser.parse(Json.mapper().readTree(json));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static CliMessage toolUse(String id, String name) {
    return line(
        "{\"type\":\"assistant\",\"session_id\":\"s\",\"message\":{\"id\":\"m1\",\"content\":"
            + "[{\"type\":\"tool_use\",\"id\":\""
            + id
            + "\",\"name\":\""
            + name
            + "\",\"input\":{\"file_path\":\"/tmp/x\"}}]}}");
  }

  /** A tool_result line; {@code isError} is the raw JSON value, or null to leave it out. */
  static CliMessage toolResult(String id, String contentJson, String isError) {
    return line(
        "{\"type\":\"user\",\"session_id\":\"s\",\"message\":{\"role\":\"user\",\"content\":"
            + "[{\"type\":\"tool_result\",\"tool_use_id\":\""
            + id
            + "\",\"content\":"
            + contentJson
            + (isError == null ? "" : ",\"is_error\":" + isError)
            + "}]}}");
  }

  static CliMessage result(String terminalReason) {
    return line(
        "{\"type\":\"result\",\"subtype\":\"success\",\"is_error\":false,\"session_id\":\"s\","
            + "\"terminal_reason\":\""
            + terminalReason
            + "\",\"total_cost_usd\":0.01,\"permission_denials\":[]}");
  }

  static final String CLOSED = "\"Tool permission request failed: AbortError: Stream closed\"";

  @Test
  void stringContentStreamClosedIsAFailureRecord() {
    TurnSummary turn =
        new Replay()
            .feed(toolUse("t1", "Write"), toolResult("t1", CLOSED, "true"), result("completed"))
            .lastTurn();

    assertThat(turn.streamClosed())
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.toolName()).isEqualTo("Write");
              assertThat(r.input().get("file_path").textValue()).isEqualTo("/tmp/x");
            });
  }

  @Test
  void textBlockArrayContentStreamClosedIsAFailureRecord() {
    TurnSummary turn =
        new Replay()
            .feed(
                toolUse("t1", "Write"),
                toolResult("t1", "[{\"type\":\"text\",\"text\":\"Error: Stream closed\"}]", "true"),
                result("completed"))
            .lastTurn();

    assertThat(turn.tools())
        .singleElement()
        .extracting(ToolCall::outcome)
        .isEqualTo(ToolOutcome.STREAM_CLOSED);
    assertThat(turn.streamClosed()).extracting(StreamClosedRecord::toolUseId).containsExactly("t1");
  }

  @Test
  void resultForAnUnknownIdStillBecomesARecordWithAnEmptyName() {
    TurnSummary turn =
        new Replay().feed(toolResult("ghost", CLOSED, "true"), result("completed")).lastTurn();

    assertThat(turn.streamClosed())
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.toolUseId()).isEqualTo("ghost");
              assertThat(r.toolName()).isEmpty();
              assertThat(r.input().isObject()).isTrue();
            });
  }

  @Test
  void thePhraseWithIsErrorFalseOrAbsentIsAnOrdinaryResult() {
    String log = "\"grep found: Tool permission request failed: Error: Stream closed\"";
    TurnSummary turn =
        new Replay()
            .feed(
                toolUse("t1", "Bash"),
                toolUse("t2", "Read"),
                toolResult("t1", log, "false"),
                toolResult("t2", log, null),
                result("completed"))
            .lastTurn();

    assertThat(turn.tools()).extracting(ToolCall::outcome).containsOnly(ToolOutcome.OK);
    assertThat(turn.streamClosed()).isEmpty();
    assertThat(turn.needsGrants()).isFalse();
  }

  @Test
  void aBashThatRanAndFailedWithHttp2StreamClosedIsAnOrdinaryError() {
    TurnSummary turn =
        new Replay()
            .feed(
                toolUse("t1", "Bash"),
                toolResult("t1", "\"Exit code 1\\nGet https://x: http2: stream closed\"", "true"),
                result("completed"))
            .lastTurn();

    assertThat(turn.tools()).extracting(ToolCall::outcome).containsExactly(ToolOutcome.ERROR);
    assertThat(turn.needsGrants()).isFalse();
  }

  @Test
  void duplicateResultsAreCountedOnce() {
    Replay replay =
        new Replay()
            .feed(
                toolUse("t1", "Write"),
                toolResult("t1", CLOSED, "true"),
                toolResult("t1", CLOSED, "true"),
                toolResult("t1", "\"ok after all\"", "false"),
                result("completed"));

    assertThat(replay.all(SessionEvent.ToolFinished.class)).hasSize(1);
    assertThat(replay.lastTurn().streamClosed()).hasSize(1);
    assertThat(replay.lastTurn().tools())
        .singleElement()
        .extracting(ToolCall::outcome)
        .isEqualTo(ToolOutcome.STREAM_CLOSED);
  }

  @Test
  void toolWithoutResultEndsAsNoResultOrInterruptedByTheTurnsEnd() {
    TurnSummary completed =
        new Replay().feed(toolUse("t1", "Bash"), result("completed")).lastTurn();
    TurnSummary aborted =
        new Replay().feed(toolUse("t1", "Bash"), result("aborted_tools")).lastTurn();

    assertThat(completed.tools())
        .extracting(ToolCall::outcome)
        .containsExactly(ToolOutcome.NO_RESULT);
    assertThat(aborted.tools())
        .extracting(ToolCall::outcome)
        .containsExactly(ToolOutcome.INTERRUPTED);
  }

  @Test
  void plainToolErrorIsAnError() {
    TurnSummary turn =
        new Replay()
            .feed(
                toolUse("t1", "Read"),
                toolResult(
                    "t1", "\"<tool_use_error>File does not exist.</tool_use_error>\"", "true"),
                result("completed"))
            .lastTurn();

    assertThat(turn.tools()).extracting(ToolCall::outcome).containsExactly(ToolOutcome.ERROR);
    assertThat(turn.needsGrants()).isFalse();
  }

  @Test
  void aNewTurnStartsWithAnEmptyToolRegistry() {
    Replay replay =
        new Replay()
            .feed(toolUse("t1", "Bash"), toolResult("t1", "\"hi\"", "false"), result("completed"));

    assertThat(replay.accumulator.currentTools()).isEmpty();
    assertThat(replay.accumulator.sessionId()).isEqualTo("s");
  }
}
