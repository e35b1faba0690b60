package dev.milktui.core.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.record.RecordFile;
import dev.milktui.core.testkit.Recordings;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TranscriptScannerTest {

  static ScanReport scan(String text) throws IOException {
    return TranscriptScanner.scan(
        "t", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void f1IsOneTurnWithAStreamClosedCallThatIsAlsoADenial() throws IOException {
    ScanReport report = TranscriptScanner.scan("f1", Recordings.ndjson("f1-ppt-arg-devnull"));

    assertThat(report.file()).isEqualTo("f1");
    assertThat(report.lines()).isEqualTo(5);
    assertThat(report.sessionId()).isEqualTo("3c384f4c-8423-44f1-936d-bb2f82477c2b");
    assertThat(report.claudeVersion()).isEqualTo("2.1.332");
    assertThat(report.turns()).isEqualTo(1);
    assertThat(report.totalCostUsd()).isEqualTo(new BigDecimal("0.036399999999999995"));
    assertThat(report.streamClosed().items())
        .singleElement()
        .satisfies(t -> assertThat(t.name()).isEqualTo("Bash"));
    assertThat(report.permissionDenials().items()).hasSize(1);
    assertThat(report.errors().isEmpty()).isTrue();
  }

  @Test
  void aSessionRecordIsScannedLikeTheClaudeOutputItHolds(@TempDir Path dir) throws IOException {
    Path record = dir.resolve("session.ndjson");
    try (RecordFile file = RecordFile.open(record, Clock.systemUTC())) {
      file.toClaude("{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"go\"}}");
      for (String line : Files.readAllLines(Recordings.ndjson("f1-ppt-arg-devnull"))) {
        file.fromClaude(line);
      }
      file.stderr("a warning");
    }
    ScanReport fromRecord = TranscriptScanner.scan("r", record);
    ScanReport fromCapture = TranscriptScanner.scan("c", Recordings.ndjson("f1-ppt-arg-devnull"));

    assertThat(fromRecord.sessionId()).isEqualTo(fromCapture.sessionId());
    assertThat(fromRecord.turns()).isEqualTo(1);
    assertThat(fromRecord.streamClosed()).isEqualTo(fromCapture.streamClosed());
    assertThat(fromRecord.tools()).isEqualTo(fromCapture.tools());
    assertThat(fromRecord.malformedLines()).isZero();
  }

  @Test
  void aRecordEntryWrittenInAnotherFieldOrderIsReadToo() throws IOException {
    String f1 = Files.readAllLines(Recordings.ndjson("f1-ppt-arg-devnull")).get(0);
    String entry =
        Json.mapper()
            .createObjectNode()
            .put("line", f1)
            .put("dir", RecordFile.FROM_CLAUDE)
            .put("ts", "2026-01-01T00:00:00Z")
            .toString();

    ScanReport report = scan(entry + "\n");

    assertThat(report.sessionId()).isEqualTo("3c384f4c-8423-44f1-936d-bb2f82477c2b");
    assertThat(report.malformedLines()).isZero();
  }

  @Test
  void aTornRecordEntryIsCountedAsMalformedAndTheScanGoesOn(@TempDir Path dir) throws IOException {
    Path record = dir.resolve("session.ndjson");
    try (RecordFile file = RecordFile.open(record, Clock.systemUTC())) {
      for (String line : Files.readAllLines(Recordings.ndjson("f1-ppt-arg-devnull"))) {
        file.fromClaude(line);
      }
    }
    String whole = Files.readString(record);
    String torn = whole.substring(0, 60) + "\n" + whole;

    ScanReport report = scan(torn);

    assertThat(report.malformedLines()).isEqualTo(1);
    assertThat(report.errors().items().get(0)).startsWith("line 1: invalid JSON");
    assertThat(report.turns()).isEqualTo(1);
  }

  @Test
  void aStreamClosedResultIsKnownByItsStartWhateverFollows() throws IOException {
    String tail = "x".repeat(LineSkim.RESULT_TEXT_CHARS * 3);
    ScanReport report =
        scan(
            "{\"type\":\"user\",\"message\":{\"content\":[{\"type\":\"tool_result\","
                + "\"tool_use_id\":\"t\",\"is_error\":true,\"content\":[{\"type\":\"text\","
                + "\"text\":\"Tool permission request failed: AbortError: Stream closed "
                + tail
                + "\"}]}]}}\n");

    assertThat(report.streamClosed().total()).isEqualTo(1);
  }

  @Test
  void aBlockWithoutATypeBesideACallIsNoCallAndTheScanGoesOn() throws IOException {
    ScanReport report =
        scan(
            "{\"type\":\"assistant\",\"message\":{\"content\":[{\"text\":\"a\"},"
                + "{\"type\":\"tool_use\",\"id\":\"t\",\"name\":\"Bash\",\"input\":{}}]},"
                + "\"session_id\":\"s\"}\n");

    assertThat(report.tools().total()).isEqualTo(1);
    assertThat(report.sessionId()).isEqualTo("s");
  }

  @Test
  void aBadUnicodeEscapeInAResultsTextIsOneMalformedLineAndTheScanGoesOn() throws IOException {
    ScanReport report =
        scan(
            "{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"s\"}\n"
                + "{\"type\":\"result\",\"subtype\":\"success\",\"result\":\"bad \\u00t9\"}\n"
                + "{\"type\":\"user\",\"message\":{\"content\":[{\"type\":\"tool_result\","
                + "\"tool_use_id\":\"t\",\"content\":\"x \\uZZZZ\"}]}}\n"
                + "{\"type\":\"result\",\"subtype\":\"success\",\"result\":\"ok\"}\n");

    assertThat(report.malformedLines()).isEqualTo(2);
    assertThat(report.errors().items()).hasSize(2).allMatch(e -> e.contains("invalid JSON"));
    assertThat(report.turns()).isEqualTo(1);
    assertThat(report.sessionId()).isEqualTo("s");
  }

  @Test
  void invalidUtf8InsideALineIsReadAsReplacementCharactersNotAsAMalformedLine() throws IOException {
    byte[] line =
        "{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"s\",\"cwd\":\"/w\u00ff\"}\n"
            .getBytes(StandardCharsets.ISO_8859_1);

    ScanReport report = TranscriptScanner.scan("t", new ByteArrayInputStream(line));

    assertThat(report.malformedLines()).isZero();
    assertThat(report.workingDirectory()).isEqualTo("/w\uFFFD");
  }

  @Test
  void apiErrorIsListedWithStatusAndText() throws IOException {
    ScanReport report = TranscriptScanner.scan("i", Recordings.ndjson("i-500"));

    assertThat(report.isError()).isTrue();
    assertThat(report.errors().items())
        .singleElement()
        .asString()
        .startsWith("turn 1 failed (api_error, HTTP 500): API Error: 500");
  }

  @Test
  void emptyInputHasNoSessionNoTurnsAndZeroCost() throws IOException {
    ScanReport report = scan("");

    assertThat(report.lines()).isZero();
    assertThat(report.sessionId()).isNull();
    assertThat(report.claudeVersion()).isNull();
    assertThat(report.turns()).isZero();
    assertThat(report.isError()).isFalse();
    assertThat(report.terminalReason()).isNull();
    assertThat(report.totalCostUsd()).isEqualTo(BigDecimal.ZERO);
  }

  @Test
  void transcriptCutOffMidTurnListsItsRunningCallsAsNoResult() throws IOException {
    List<String> f1 = Files.readAllLines(Recordings.ndjson("f1-ppt-arg-devnull"));

    ScanReport report = scan(f1.get(0) + "\n" + f1.get(1) + "\n");

    assertThat(report.turns()).isZero();
    assertThat(report.tools().items())
        .singleElement()
        .extracting(ScanReport.Tool::outcome)
        .isEqualTo(ToolOutcome.NO_RESULT);
  }

  @Test
  void malformedLinesAreCountedListedAndSkipped() throws IOException {
    String bad = "not json\n".repeat(TranscriptScanner.LISTED_MALFORMED_LINES + 5);
    String f1 = Files.readString(Recordings.ndjson("f1-ppt-arg-devnull"));

    ScanReport report = scan(bad + f1);

    assertThat(report.lines()).isEqualTo(TranscriptScanner.LISTED_MALFORMED_LINES + 5 + 5);
    assertThat(report.malformedLines()).isEqualTo(TranscriptScanner.LISTED_MALFORMED_LINES + 5);
    assertThat(report.errors().items()).hasSize(TranscriptScanner.LISTED_MALFORMED_LINES);
    assertThat(report.errors().items().get(0)).startsWith("line 1: invalid JSON");
    assertThat(report.turns()).isEqualTo(1);
  }

  @Test
  void longStringsInReportedInputsAreShortenedWithAMarker() throws IOException {
    String content = "c".repeat(TranscriptScanner.INPUT_TEXT_CHARS + 10);
    String denial =
        "{\"tool_name\":\"Write\",\"tool_use_id\":\"w\",\"tool_input\":"
            + "{\"file_path\":\"/a\",\"content\":\""
            + content
            + "\",\"n\":[1,\"x\"]}}";

    ScanReport report =
        scan(
            "{\"type\":\"result\",\"session_id\":\"s\",\"permission_denials\":[" + denial + "]}\n");

    JsonNode input = report.permissionDenials().items().get(0).toolInput();
    assertThat(input.get("file_path").textValue()).isEqualTo("/a");
    assertThat(input.get("content").textValue())
        .isEqualTo("c".repeat(TranscriptScanner.INPUT_TEXT_CHARS) + "… [10 more characters]");
    assertThat(input.get("n").toString()).isEqualTo("[1,\"x\"]");
  }

  @Test
  void denialsAreTheUnionOverAllResultsOnePerToolUseId() throws IOException {
    String denial =
        "{\"tool_name\":\"Bash\",\"tool_use_id\":\"%s\",\"tool_input\":{\"command\":\"x\"}}";
    String result = "{\"type\":\"result\",\"session_id\":\"s\",\"permission_denials\":[%s]}\n";

    ScanReport report =
        scan(
            result.formatted(denial.formatted("a"))
                + result.formatted(denial.formatted("a") + "," + denial.formatted("b")));

    assertThat(report.turns()).isEqualTo(2);
    assertThat(report.permissionDenials().items())
        .extracting(d -> d.toolUseId())
        .containsExactly("a", "b");
  }

  @Test
  void aReadFailureIsThrownNotReportedAsAPartialScan() {
    InputStream failing =
        new SequenceInputStream(
            new ByteArrayInputStream("{\"type\":\"a\"}\n".getBytes(StandardCharsets.UTF_8)),
            new InputStream() {
              @Override
              public int read() throws IOException {
                throw new IOException("disk gone");
              }
            });

    assertThatThrownBy(() -> TranscriptScanner.scan("t", failing)).hasMessage("disk gone");
  }

  @Test
  void textFormNamesSessionToolsFailuresDenialsAndCost() throws IOException {
    String text =
        ScanText.render(TranscriptScanner.scan("f1", Recordings.ndjson("f1-ppt-arg-devnull")));

    assertThat(text)
        .startsWith("f1\n")
        .contains("session       3c384f4c-8423-44f1-936d-bb2f82477c2b (claude 2.1.332)")
        .contains("turns         1, last completed, is_error false")
        .contains("cost          $0.036399999999999995 (session total)")
        .contains(
            "    stream_closed Bash toolu_fake_bash_touch"
                + " {\"command\":\"touch made-by-bash.txt\",\"description\":\"Create a file\"}")
        .contains("stream closed 1\n    FAILED        Bash toolu_fake_bash_touch")
        .contains("denials       1\n    denied        Bash toolu_fake_bash_touch")
        .contains("errors        none");
  }

  @Test
  void textFormNeverReplaysEscapeSequencesFromTheRecord() throws IOException {
    ScanReport report =
        scan(
            "{\"type\":\"assistant\",\"message\":{\"id\":\"m\",\"content\":[{\"type\":\"tool_use\","
                + "\"id\":\"t\\u001b]0;title\\u0007\",\"name\":\"Bash\\u001b]52;c;ZXZpbA==\\u0007\","
                + "\"input\":{\"command\":\"ls\\u009b2J\\u202e\"}}]}}\n");

    String text = ScanText.render(report);
    assertThat(text).contains("Bash t ").contains("ls");
    assertThat(text.chars().filter(c -> c < 0x20 && c != '\n' || c >= 0x7f && c <= 0x9f)).isEmpty();
    assertThat(text).doesNotContain("ZXZpbA").doesNotContain("title").doesNotContain("\u202e");
  }

  @Test
  void textFormCutsLongToolInputs() throws IOException {
    String longInput = "y".repeat(500);
    ScanReport report =
        scan(
            "{\"type\":\"assistant\",\"message\":{\"id\":\"m\",\"content\":[{\"type\":\"tool_use\","
                + "\"id\":\"t\",\"name\":\"Write\",\"input\":{\"content\":\""
                + longInput
                + "\"}}]}}\n");

    assertThat(ScanText.render(report)).doesNotContain(longInput).contains("…");
  }

  @Test
  void theSeedsStreamClosedEncodingsAreReportedAsStreamClosed() throws IOException {
    String init =
        "{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"s\",\"cwd\":\"/w\"}\n";
    String calls =
        callWithResult("t1", "\"Stream closed\"")
            + callWithResult("t2", "[{\"type\":\"text\",\"text\":\"Stream closed\"}]");

    ScanReport report = scan(init + calls + "{\"type\":\"result\",\"session_id\":\"s\"}\n");

    assertThat(report.streamClosed().items())
        .extracting(ScanReport.Tool::toolUseId)
        .containsExactly("t1", "t2");
  }

  private static String callWithResult(String id, String content) {
    return ("{\"type\":\"assistant\",\"session_id\":\"s\",\"message\":{\"id\":\"m%1$s\",\"role\":"
            + "\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"%1$s\",\"name\":\"Bash\","
            + "\"input\":{\"command\":\"make\"}}]}}\n"
            + "{\"type\":\"user\",\"session_id\":\"s\",\"message\":{\"role\":\"user\",\"content\":"
            + "[{\"type\":\"tool_result\",\"tool_use_id\":\"%1$s\",\"is_error\":true,\"content\":%2$s}]}}\n")
        .formatted(id, content);
  }

  /** A turn of {@code calls} Bash calls that each failed with "Stream closed". */
  private static String streamClosedTurn(int calls) {
    StringBuilder text =
        new StringBuilder(
            "{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"s\",\"cwd\":\"/w\"}\n");
    for (int i = 0; i < calls; i++) {
      text.append(
              "{\"type\":\"assistant\",\"session_id\":\"s\",\"message\":{\"id\":\"m%d\",\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"t%d\",\"name\":\"Bash\",\"input\":{\"command\":\"tool%d --run\"}}]}}\n"
                  .formatted(i, i, i))
          .append(
              "{\"type\":\"user\",\"session_id\":\"s\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"t%d\",\"is_error\":true,\"content\":\"Tool permission request failed: AbortError: Stream closed\"}]}}\n"
                  .formatted(i));
    }
    return text.append("{\"type\":\"result\",\"subtype\":\"success\",\"session_id\":\"s\"}\n")
        .toString();
  }

  @Test
  void callsBeyondTheListingAreCountedNotKept() throws IOException {
    int calls = TranscriptScanner.LISTED_CALLS + 7;

    ScanReport report = scan(streamClosedTurn(calls));

    assertThat(report.tools().total()).isEqualTo(calls);
    assertThat(report.tools().items()).hasSize(TranscriptScanner.LISTED_CALLS);
    assertThat(report.tools().omitted()).isEqualTo(7);
    assertThat(report.streamClosed().total()).isEqualTo(calls);
    assertThat(report.streamClosed().items()).hasSize(TranscriptScanner.LISTED_CALLS);
    assertThat(ScanText.render(report))
        .contains("  tools         " + calls + "\n")
        .contains("    … and 7 more, not listed\n");
    assertThat(ScanJson.line(report)).contains("\"tools_total\":" + calls);
  }

  @Test
  void streamClosedCallsAfterAFullListingOfOtherCallsAreListedWithTheirInputs() throws IOException {
    StringBuilder turn = new StringBuilder();
    for (int i = 0; i < TranscriptScanner.LISTED_CALLS + 3; i++) {
      turn.append(call(i, "ok" + i)).append(result(i, "\"is_error\":false,\"content\":\"fine\""));
    }
    turn.append(call(5000, "late"))
        .append(result(5000, "\"is_error\":true,\"content\":\"" + STREAM_CLOSED + "\""))
        .append("{\"type\":\"result\",\"subtype\":\"success\",\"session_id\":\"s\"}\n");

    ScanReport report = scan(turn.toString());

    assertThat(report.tools().total()).isEqualTo(TranscriptScanner.LISTED_CALLS + 4);
    assertThat(report.tools().items()).hasSize(TranscriptScanner.LISTED_CALLS);
    assertThat(report.streamClosed().items())
        .singleElement()
        .satisfies(t -> assertThat(t.input().get("command").textValue()).isEqualTo("late --run"));
    assertThat(report.fixRules()).containsExactly("Bash(late:*)");
  }

  @Test
  void aSecondResultForACallThatWasCountedAndLetGoIsNotCountedAgain() throws IOException {
    StringBuilder turn = new StringBuilder();
    for (int i = 0; i < TranscriptScanner.LISTED_CALLS + 1; i++) {
      turn.append(call(i, "ok" + i)).append(result(i, "\"is_error\":false,\"content\":\"fine\""));
    }
    turn.append(result(TranscriptScanner.LISTED_CALLS, "\"is_error\":false,\"content\":\"again\""))
        .append("{\"type\":\"result\",\"subtype\":\"success\",\"session_id\":\"s\"}\n");

    assertThat(scan(turn.toString()).tools().total()).isEqualTo(TranscriptScanner.LISTED_CALLS + 1);
  }

  private static final String STREAM_CLOSED =
      "Tool permission request failed: AbortError: Stream closed";

  private static String call(int id, String command) {
    return "{\"type\":\"assistant\",\"session_id\":\"s\",\"message\":{\"id\":\"m%d\",\"content\":[{\"type\":\"tool_use\",\"id\":\"t%d\",\"name\":\"Bash\",\"input\":{\"command\":\"%s --run\"}}]}}\n"
        .formatted(id, id, command);
  }

  private static String result(int id, String fields) {
    return "{\"type\":\"user\",\"session_id\":\"s\",\"message\":{\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"t%d\",%s}]}}\n"
        .formatted(id, fields);
  }

  @Test
  void theFixCoversStreamClosedCallsBeyondTheListingUpToItsRuleLimit() throws IOException {
    ScanReport report = scan(streamClosedTurn(TranscriptScanner.LISTED_CALLS + 1));

    assertThat(report.fixRules())
        .hasSize(StreamClosedFix.MAX_RULES)
        .startsWith("Bash(tool0:*)", "Bash(tool1:*)");
  }

  @Test
  void anInputOfManyLongStringsKeepsAtMostTheTotalBudget() throws IOException {
    String value = "v".repeat(TranscriptScanner.INPUT_TEXT_CHARS);
    StringBuilder fields = new StringBuilder();
    for (int i = 0; i < 10; i++) {
      fields
          .append(i == 0 ? "" : ",")
          .append("\"f")
          .append(i)
          .append("\":\"")
          .append(value)
          .append('"');
    }
    String denial = "{\"tool_name\":\"X\",\"tool_use_id\":\"x\",\"tool_input\":{" + fields + "}}";

    ScanReport report =
        scan(
            "{\"type\":\"result\",\"session_id\":\"s\",\"permission_denials\":[" + denial + "]}\n");

    JsonNode input = report.permissionDenials().items().get(0).toolInput();
    int kept = 0;
    for (JsonNode field : input) {
      kept += field.textValue().replaceAll("… \\[\\d+ more characters\\]$", "").length();
    }
    assertThat(kept).isEqualTo(TranscriptScanner.INPUT_TOTAL_CHARS);
    assertThat(input.get("f9").textValue())
        .isEqualTo("… [" + TranscriptScanner.INPUT_TEXT_CHARS + " more characters]");
  }
}
