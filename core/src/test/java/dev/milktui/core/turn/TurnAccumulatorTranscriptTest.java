package dev.milktui.core.turn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.StreamClosedRecord;
import dev.milktui.core.event.ToolCall;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.event.TurnSummary;
import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.protocol.PermissionDenial;
import dev.milktui.core.protocol.ResultMessage;
import dev.milktui.core.testkit.Recordings;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The accumulator on every recorded transcript. */
class TurnAccumulatorTranscriptTest {

  /**
   * What one transcript must yield: {@code tools} as "id name OUTCOME" over all turns, the
   * stream-closed ids, the denial ids the summaries list (stream-closed ones and the user's or a
   * hook's refusals excluded: no grant can change those) and the session's final cumulative cost.
   */
  record Expected(
      String transcript,
      String sessionId,
      int turns,
      List<String> tools,
      List<String> streamClosed,
      List<String> denials,
      double totalCostUsd) {}

  private static final String TOUCH = "toolu_fake_bash_touch";

  static Stream<Expected> expectations() {
    return Stream.of(
        new Expected(
            "a-text-arg",
            "b8afa379-8587-4813-9295-be4d6a6c54f0",
            1,
            List.of(),
            List.of(),
            List.of(),
            0.017872000000000002),
        new Expected(
            "b-stdin-stream-json",
            "4dcd8632-75c6-48fc-b9d8-cf27a7a986df",
            1,
            List.of(),
            List.of(),
            List.of(),
            0.017900000000000003),
        new Expected(
            "c-allowed-bash",
            "a5114ad0-c734-4f8c-acce-3cbefb8de0a2",
            1,
            List.of("toolu_fake_bash_1 Bash OK"),
            List.of(),
            List.of(),
            0.036428),
        new Expected(
            "c-allowed-read",
            "9eb8dc4e-6f19-4ecf-beb2-7805993004f2",
            1,
            List.of("toolu_fake_read_1 Read OK"),
            List.of(),
            List.of(),
            0.035963999999999996),
        new Expected(
            "d-allow",
            "af9e2fc9-a222-4974-93a8-024121733b80",
            1,
            List.of(TOUCH + " Bash OK"),
            List.of(),
            List.of(),
            0.03633599999999999),
        new Expected(
            "d-allow-partial",
            "457dcd2e-618a-4ba4-806f-8c466d9a2436",
            1,
            List.of(TOUCH + " Bash OK"),
            List.of(),
            List.of(),
            0.036384),
        new Expected(
            "d-allow-updated-permissions",
            "93cb1112-6809-4aa2-aa12-67338494883a",
            1,
            List.of("toolu_fake_touch_1 Bash OK", "toolu_fake_touch_2 Bash OK"),
            List.of(),
            List.of(),
            0.055812),
        new Expected(
            "d-deny",
            "822f0848-589f-4781-9b9f-7c102ddda5c0",
            1,
            List.of(TOUCH + " Bash DENIED"),
            List.of(),
            List.of(),
            0.036328),
        new Expected(
            "d-deny-interrupt",
            "ce02c32c-901a-43c2-9bcd-a66754dbda48",
            1,
            List.of(TOUCH + " Bash DENIED"),
            List.of(),
            List.of(),
            0.018255999999999998),
        new Expected(
            "e-no-ppt-bash",
            "bc8f56f2-965d-4863-8986-0bfae2d1f414",
            1,
            List.of(TOUCH + " Bash DENIED"),
            List.of(),
            List.of(TOUCH),
            0.03654399999999999),
        new Expected(
            "f1-ppt-arg-devnull",
            "3c384f4c-8423-44f1-936d-bb2f82477c2b",
            1,
            List.of(TOUCH + " Bash STREAM_CLOSED"),
            List.of(TOUCH),
            List.of(),
            0.036399999999999995),
        new Expected(
            "f4-ppt-sj-noanswer-close",
            "ffcb766b-0f1c-4f4d-af1b-f320428bd862",
            1,
            List.of(TOUCH + " Bash STREAM_CLOSED"),
            List.of(TOUCH),
            List.of(),
            0.03648),
        new Expected(
            "g2-resume-with-adddir",
            "7d0c2f4e-1111-4a2b-9c3d-000000000001",
            1,
            List.of("toolu_fake_write_b Write OK"),
            List.of(),
            List.of(),
            0.074676),
        new Expected(
            "g4-resume-unknown-id",
            "00000000-0000-4000-8000-000000000000",
            1,
            List.of(),
            List.of(),
            List.of(),
            0),
        new Expected(
            "h-interrupt",
            "f542c591-b4a7-4f16-9d71-ba684288234c",
            2,
            List.of(),
            List.of(),
            List.of(),
            0.035748),
        new Expected(
            "i-500", "4c910bd6-0d02-4a17-867e-9496686448fd", 1, List.of(), List.of(), List.of(), 0),
        new Expected(
            "i-stream-error-midway",
            "5b9cee6c-0a1e-45b5-b0e9-c8994d037236",
            1,
            List.of(),
            List.of(),
            List.of(),
            0.01796),
        new Expected(
            "k-long-tool-keepalive",
            "2f97817b-5231-4f44-8096-5629b518a6a3",
            1,
            List.of("toolu_fake_long Bash OK"),
            List.of(),
            List.of(),
            0.036188),
        new Expected(
            "claude-2.0.77/f1-ppt-arg-devnull",
            "d09d64f9-3730-44a2-886a-1cc0b38184dc",
            1,
            List.of(TOUCH + " Bash STREAM_CLOSED"),
            List.of(TOUCH),
            List.of(),
            0.025864000000000005));
  }

  @Test
  void everyExpectationNamesARecording() {
    assertThat(Recordings.names()).containsAll(expectations().map(Expected::transcript).toList());
  }

  static List<String> recordings() {
    return Recordings.names();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("recordings")
  void everyRecordedResultLineEndsExactlyOneTurnOfTheRecordedSession(String recording) {
    List<CliMessage> messages = Recordings.messages(recording);
    List<String> resultSessions =
        messages.stream()
            .filter(ResultMessage.class::isInstance)
            .map(m -> ((ResultMessage) m).sessionId())
            .toList();

    Replay replay = Replay.of(recording);

    assertThat(replay.turns())
        .map(TurnSummary::sessionId)
        .containsExactlyElementsOf(resultSessions);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("expectations")
  void yieldsTheRecordedSessionTurnsToolsFailuresDenialsAndCost(Expected expected) {
    Replay replay = Replay.of(expected.transcript());
    List<TurnSummary> turns = replay.turns();

    assertThat(replay.accumulator.sessionId()).isEqualTo(expected.sessionId());
    assertThat(turns).hasSize(expected.turns());
    assertThat(turns).allSatisfy(t -> assertThat(t.sessionId()).isEqualTo(expected.sessionId()));
    assertThat(turns.stream().flatMap(t -> t.tools().stream()))
        .map(c -> c.toolUseId() + " " + c.name() + " " + c.outcome())
        .containsExactlyElementsOf(expected.tools());
    assertThat(turns.stream().flatMap(t -> t.streamClosed().stream()))
        .map(StreamClosedRecord::toolUseId)
        .containsExactlyElementsOf(expected.streamClosed());
    assertThat(turns.stream().flatMap(t -> t.denials().stream()))
        .map(PermissionDenial::toolUseId)
        .containsExactlyElementsOf(expected.denials());
    assertThat(replay.accumulator.totalCostUsd()).isEqualTo(expected.totalCostUsd());
    assertThat(turns.stream().mapToDouble(TurnSummary::turnCostUsd).sum())
        .isCloseTo(expected.totalCostUsd(), within(1e-12));
    // Every tool that started also finished, once.
    assertThat(replay.all(SessionEvent.ToolFinished.class))
        .hasSameSizeAs(replay.all(SessionEvent.ToolStarted.class))
        .hasSize(expected.tools().size());
    assertThat(replay.all(SessionEvent.GrantsNeeded.class))
        .hasSize(expected.streamClosed().isEmpty() && expected.denials().isEmpty() ? 0 : 1);
  }

  /** The assistant's text of each turn, as the summaries hold it. */
  static Stream<Map.Entry<String, List<String>>> texts() {
    String finished = "Finished after the tool call.";
    String hello = "Hello from the fake server. This is a plain text reply.";
    return Stream.of(
        Map.entry("a-text-arg", List.of(hello)),
        Map.entry("b-stdin-stream-json", List.of(hello)),
        Map.entry(
            "c-allowed-bash", List.of("I will run a command.\n\nThe command printed hi. Done.")),
        Map.entry("c-allowed-read", List.of("I read the file. Done.")),
        Map.entry("d-allow", List.of(finished)),
        Map.entry("d-allow-partial", List.of(finished)),
        Map.entry("d-allow-updated-permissions", List.of("Finished after two tool calls.")),
        Map.entry("d-deny", List.of(finished)),
        Map.entry("d-deny-interrupt", List.of("")),
        Map.entry("e-no-ppt-bash", List.of(finished)),
        Map.entry("f1-ppt-arg-devnull", List.of(finished)),
        Map.entry("f4-ppt-sj-noanswer-close", List.of(finished)),
        Map.entry("g2-resume-with-adddir", List.of("Retrying the write.\n\nThe retry worked.")),
        Map.entry("g4-resume-unknown-id", List.of("")),
        Map.entry(
            "h-interrupt",
            List.of(
                "This reply streams slowly so t",
                "Reply to the message sent after the interrupt.")),
        Map.entry(
            "i-stream-error-midway",
            List.of("This stream breaks in the middle with an overloaded error event.")),
        Map.entry("k-long-tool-keepalive", List.of("Done after a slow API answer.")),
        Map.entry("claude-2.0.77/f1-ppt-arg-devnull", List.of(finished)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("texts")
  void showsEachTextExactlyOnceWhetherStreamedOrWhole(Map.Entry<String, List<String>> expected) {
    Replay replay = Replay.of(expected.getKey());

    assertThat(replay.turns())
        .map(TurnSummary::text)
        .containsExactlyElementsOf(expected.getValue());
    if (replay.all(SessionEvent.TextAbandoned.class).isEmpty()) {
      assertThat(replay.shownText())
          .isEqualTo(String.join("", expected.getValue()).replace("\n\n", ""));
    }
  }

  @Test
  void streamedTextIsNotRepeatedWhenItsAssistantLineArrives() {
    Replay replay = Replay.of("a-text-arg");

    assertThat(replay.all(SessionEvent.TextDelta.class))
        .hasSize(3)
        .allSatisfy(d -> assertThat(d.blockIndex()).isZero());
  }

  @Test
  void textThatArrivesOnlyInAnAssistantLineIsShown() {
    Replay replay = Replay.of("d-allow");

    assertThat(replay.all(SessionEvent.TextDelta.class))
        .singleElement()
        .satisfies(d -> assertThat(d.text()).isEqualTo("Finished after the tool call."));
  }

  @Test
  void brokenStreamIsAbandonedAndTheNonStreamingRetryShown() {
    Replay replay = Replay.of("i-stream-error-midway");

    assertThat(replay.all(SessionEvent.TextAbandoned.class))
        .containsExactly(new SessionEvent.TextAbandoned("msg_fake_b8h0CNBEYIuTSr8VFZYM1vP6"));
    List<SessionEvent.TextDelta> deltas = replay.all(SessionEvent.TextDelta.class);
    assertThat(deltas.get(deltas.size() - 1).text())
        .isEqualTo("This stream breaks in the middle with an overloaded error event.");
    assertThat(replay.lastTurn().isError()).isFalse();
  }

  @Test
  void interruptedTurnKeepsItsPartialTextAndEndsAborted() {
    Replay replay = Replay.of("h-interrupt");
    TurnSummary interrupted = replay.turns().get(0);

    assertThat(replay.all(SessionEvent.TextAbandoned.class)).isEmpty();
    assertThat(interrupted.interrupted()).isTrue();
    assertThat(interrupted.isError()).isTrue();
    assertThat(interrupted.subtype()).isEqualTo("error_during_execution");
    assertThat(interrupted.terminalReason()).isEqualTo("aborted_streaming");
    assertThat(interrupted.turnCostUsd()).isEqualTo(0.017688);
    TurnSummary next = replay.turns().get(1);
    assertThat(next.turnNumber()).isEqualTo(2);
    assertThat(next.interrupted()).isFalse();
    assertThat(next.turnCostUsd()).isCloseTo(0.035748 - 0.017688, within(1e-12));
  }

  @Test
  void apiErrorTurnIsAnErrorWithStatusRetriesAndTheFailedCallNotClaudesText() {
    Replay replay = Replay.of("i-500");
    TurnSummary turn = replay.lastTurn();

    assertThat(turn.isError()).isTrue();
    assertThat(turn.subtype()).isEqualTo("success");
    assertThat(turn.terminalReason()).isEqualTo("api_error");
    assertThat(turn.apiErrorStatus()).isEqualTo(500);
    assertThat(turn.apiRetries()).isEqualTo(2);
    assertThat(replay.all(SessionEvent.ApiRetrying.class)).hasSize(2);
    assertThat(replay.all(SessionEvent.ApiFailed.class))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.status()).isEqualTo(500);
              assertThat(f.text()).startsWith("API Error: 500 Internal server error.");
            });
    assertThat(replay.all(SessionEvent.TextDelta.class)).isEmpty();
  }

  @Test
  void failedResumeTurnCarriesItsErrors() {
    TurnSummary turn = Replay.of("g4-resume-unknown-id").lastTurn();

    assertThat(turn.isError()).isTrue();
    assertThat(turn.errors()).singleElement().asString().startsWith("No conversation found");
  }

  @Test
  void streamClosedRecordsNameTheToolAndItsInputInBothCliVersions() {
    for (String transcript : List.of("f1-ppt-arg-devnull", "claude-2.0.77/f1-ppt-arg-devnull")) {
      TurnSummary turn = Replay.of(transcript).lastTurn();

      assertThat(turn.isError()).isFalse();
      assertThat(turn.streamClosed())
          .singleElement()
          .satisfies(
              r -> {
                assertThat(r.toolName()).isEqualTo("Bash");
                assertThat(r.input().get("command").textValue())
                    .isEqualTo("touch made-by-bash.txt");
              });
      assertThat(turn.tools().get(0).resultText()).endsWith("Stream closed");
      assertThat(turn.needsGrants()).isTrue();
    }
  }

  @Test
  void streamClosedBeforeResponseReceivedIsAlsoAStreamClosedFailure() {
    TurnSummary turn = Replay.of("f4-ppt-sj-noanswer-close").lastTurn();

    assertThat(turn.tools())
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.outcome()).isEqualTo(ToolOutcome.STREAM_CLOSED);
              assertThat(c.resultText()).contains("stream closed before response received");
            });
    assertThat(turn.streamClosed()).hasSize(1);
  }

  @Test
  void denialWithoutPromptToolIsDeniedListedAndNotStreamClosed() {
    Replay replay = Replay.of("e-no-ppt-bash");
    TurnSummary turn = replay.lastTurn();

    assertThat(turn.tools())
        .singleElement()
        .extracting(ToolCall::outcome)
        .isEqualTo(ToolOutcome.DENIED);
    assertThat(turn.streamClosed()).isEmpty();
    assertThat(turn.denials())
        .singleElement()
        .satisfies(d -> assertThat(d.toolName()).isEqualTo("Bash"));
    assertThat(replay.all(SessionEvent.Notice.class))
        .singleElement()
        .satisfies(n -> assertThat(n.level()).isEqualTo(SessionEvent.Level.WARNING));
  }

  @Test
  void theUsersDenialIsNotOfferedForGrantingAndItsReasonIsShown() {
    Replay replay = Replay.of("d-deny");

    assertThat(replay.lastTurn().denials()).isEmpty();
    assertThat(replay.lastTurn().needsGrants()).isFalse();
    assertThat(replay.all(SessionEvent.GrantsNeeded.class)).isEmpty();
    assertThat(replay.all(SessionEvent.Notice.class))
        .extracting(SessionEvent.Notice::text)
        .containsExactly("You denied Bash: The user denied this in the TUI.");
  }

  @Test
  void denyAndStopIsNotOfferedForGranting() {
    Replay replay = Replay.of("d-deny-interrupt");

    assertThat(replay.lastTurn().tools())
        .extracting(ToolCall::outcome)
        .containsExactly(ToolOutcome.DENIED);
    assertThat(replay.all(SessionEvent.GrantsNeeded.class)).isEmpty();
    assertThat(replay.all(SessionEvent.Notice.class))
        .extracting(SessionEvent.Notice::text)
        .singleElement()
        .asString()
        .startsWith("You denied Bash: The user doesn't want to proceed");
  }

  @Test
  void aHooksDenialIsNotOfferedForGrantingAndItsReasonIsShown() {
    Replay replay = Replay.of("p5-hooks");

    assertThat(replay.all(SessionEvent.GrantsNeeded.class)).isEmpty();
    assertThat(replay.all(SessionEvent.TurnFinished.class))
        .allSatisfy(f -> assertThat(f.summary().denials()).isEmpty());
    assertThat(replay.all(SessionEvent.Notice.class))
        .extracting(SessionEvent.Notice::text)
        .contains(
            "A hook denied Bash: PreToolUse:Bash hook error: HOOK: forbidden commands are blocked");
  }

  @Test
  void longToolReportsTaskAndHeartbeatProgressUnderItsOwnId() {
    Replay replay = Replay.of("k-long-tool-keepalive");

    assertThat(replay.all(SessionEvent.ToolProgressed.class))
        .allSatisfy(p -> assertThat(p.toolUseId()).isEqualTo("toolu_fake_long"))
        .extracting(SessionEvent.ToolProgressed::note)
        .containsExactly("task: Wait 35s", "still running", "task completed: Wait 35s");
    assertThat(replay.all(SessionEvent.ToolProgressed.class).get(1).elapsedSeconds()).isEqualTo(30);
  }
}
