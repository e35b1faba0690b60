package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.testkit.Recordings;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ScanCommandTest {

  record Run(int exitCode, String out, String err) {
    List<JsonNode> jsonLines() {
      return out.lines().map(ScanCommandTest::tree).toList();
    }
  }

  static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine command = MilkTuiCommand.commandLine(new MilkTuiCommand(), args);
    command.setOut(new PrintWriter(out));
    command.setErr(new PrintWriter(err));
    int exitCode = command.execute(args);
    return new Run(exitCode, out.toString(), err.toString());
  }

  static JsonNode tree(String json) {
    try {
      return Json.mapper().readTree(json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String path(String transcript) {
    return Recordings.ndjson(transcript).toString();
  }

  private static final String TOUCH = "toolu_fake_bash_touch";
  private static final String F1_SESSION = "3c384f4c-8423-44f1-936d-bb2f82477c2b";

  /**
   * Per transcript: lines, session, version, turns, is_error, terminal_reason, cost, "id=outcome"
   * of each tool, stream-closed ids and denial ids, joined with " | ".
   */
  private static final Map<String, String> EXPECTED =
      Map.ofEntries(
          Map.entry(
              "a-text-arg",
              "12 | b8afa379-8587-4813-9295-be4d6a6c54f0 | 2.1.332 | 1 | false | completed"
                  + " | 0.017872000000000002 |  |  | "),
          Map.entry(
              "b-stdin-stream-json",
              "12 | 4dcd8632-75c6-48fc-b9d8-cf27a7a986df | 2.1.332 | 1 | false | completed"
                  + " | 0.017900000000000003 |  |  | "),
          Map.entry(
              "c-allowed-bash",
              "28 | a5114ad0-c734-4f8c-acce-3cbefb8de0a2 | 2.1.332 | 1 | false | completed"
                  + " | 0.036428 | toolu_fake_bash_1=ok |  | "),
          Map.entry(
              "c-allowed-read",
              "22 | 9eb8dc4e-6f19-4ecf-beb2-7805993004f2 | 2.1.332 | 1 | false | completed"
                  + " | 0.035963999999999996 | toolu_fake_read_1=ok |  | "),
          Map.entry(
              "d-allow",
              "6 | af9e2fc9-a222-4974-93a8-024121733b80 | 2.1.332 | 1 | false | completed"
                  + " | 0.03633599999999999 | "
                  + TOUCH
                  + "=ok |  | "),
          Map.entry(
              "d-allow-partial",
              "25 | 457dcd2e-618a-4ba4-806f-8c466d9a2436 | 2.1.332 | 1 | false | completed"
                  + " | 0.036384 | "
                  + TOUCH
                  + "=ok |  | "),
          Map.entry(
              "d-allow-updated-permissions",
              "9 | 93cb1112-6809-4aa2-aa12-67338494883a | 2.1.332 | 1 | false | completed"
                  + " | 0.055812 | toolu_fake_touch_1=ok,toolu_fake_touch_2=ok |  | "),
          Map.entry(
              "d-deny",
              "6 | 822f0848-589f-4781-9b9f-7c102ddda5c0 | 2.1.332 | 1 | false | completed"
                  + " | 0.036328 | "
                  + TOUCH
                  + "=denied |  | "
                  + TOUCH),
          Map.entry(
              "d-deny-interrupt",
              "6 | ce02c32c-901a-43c2-9bcd-a66754dbda48 | 2.1.332 | 1 | true | aborted_tools"
                  + " | 0.018255999999999998 | "
                  + TOUCH
                  + "=denied |  | "
                  + TOUCH),
          Map.entry(
              "e-no-ppt-bash",
              "25 | bc8f56f2-965d-4863-8986-0bfae2d1f414 | 2.1.332 | 1 | false | completed"
                  + " | 0.03654399999999999 | "
                  + TOUCH
                  + "=denied |  | "
                  + TOUCH),
          Map.entry(
              "f1-ppt-arg-devnull",
              "5 | "
                  + F1_SESSION
                  + " | 2.1.332 | 1 | false | completed"
                  + " | 0.036399999999999995 | "
                  + TOUCH
                  + "=stream_closed | "
                  + TOUCH
                  + " | "
                  + TOUCH),
          Map.entry(
              "f4-ppt-sj-noanswer-close",
              "6 | ffcb766b-0f1c-4f4d-af1b-f320428bd862 | 2.1.332 | 1 | false | completed"
                  + " | 0.03648 | "
                  + TOUCH
                  + "=stream_closed | "
                  + TOUCH
                  + " | "
                  + TOUCH),
          Map.entry(
              "g2-resume-with-adddir",
              "6 | 7d0c2f4e-1111-4a2b-9c3d-000000000001 | 2.1.332 | 1 | false | completed"
                  + " | 0.074676 | toolu_fake_write_b=ok |  | "),
          Map.entry(
              "g4-resume-unknown-id",
              "1 | 00000000-0000-4000-8000-000000000000 | null | 1 | true | null | 0 |  |  | "),
          Map.entry(
              "h-interrupt",
              "28 | f542c591-b4a7-4f16-9d71-ba684288234c | 2.1.332 | 2 | false | completed"
                  + " | 0.035748 |  |  | "),
          Map.entry(
              "i-500",
              "5 | 4c910bd6-0d02-4a17-867e-9496686448fd | 2.1.332 | 1 | true | api_error | 0"
                  + " |  |  | "),
          Map.entry(
              "i-stream-error-midway",
              "10 | 5b9cee6c-0a1e-45b5-b0e9-c8994d037236 | 2.1.332 | 1 | false | completed"
                  + " | 0.01796 |  |  | "),
          Map.entry(
              "k-long-tool-keepalive",
              "26 | 2f97817b-5231-4f44-8096-5629b518a6a3 | 2.1.332 | 1 | false | completed"
                  + " | 0.036188 | toolu_fake_long=ok |  | "),
          Map.entry(
              "claude-2.0.77/f1-ppt-arg-devnull",
              "5 | d09d64f9-3730-44a2-886a-1cc0b38184dc | 2.0.77 | 1 | false | null"
                  + " | 0.025864000000000005 | "
                  + TOUCH
                  + "=stream_closed | "
                  + TOUCH
                  + " | "
                  + TOUCH));

  static String summary(JsonNode report) {
    return String.join(
        " | ",
        report.get("lines").asText(),
        report.get("session_id").asText(),
        report.get("claude_version").asText(),
        report.get("turns").asText(),
        report.get("is_error").asText(),
        report.get("terminal_reason").asText(),
        report.get("total_cost_usd").asText(),
        join(
            report.get("tools"),
            t -> t.get("tool_use_id").asText() + "=" + t.get("outcome").asText()),
        join(report.get("stream_closed"), t -> t.get("tool_use_id").asText()),
        join(report.get("permission_denials"), t -> t.get("tool_use_id").asText()));
  }

  static String join(JsonNode array, Function<JsonNode, String> part) {
    return StreamSupport.stream(array.spliterator(), false)
        .map(part)
        .collect(Collectors.joining(","));
  }

  /** {@code scan --json} over the recordings: it succeeds quietly with one report per file. */
  private static List<JsonNode> scanJson(List<String> names) {
    List<String> args = new ArrayList<>(List.of("scan", "--json"));
    names.forEach(n -> args.add(path(n)));

    Run run = run(args.toArray(String[]::new));

    assertThat(run.exitCode()).isZero();
    assertThat(run.err()).isEmpty();
    List<JsonNode> reports = run.jsonLines();
    assertThat(reports).hasSameSizeAs(names);
    return reports;
  }

  @Test
  void jsonScanOfThePinnedRecordingsPrintsOneLinePerFileWithTheRecordedFacts() {
    List<String> names = EXPECTED.keySet().stream().sorted().toList();

    List<JsonNode> reports = scanJson(names);

    for (int i = 0; i < names.size(); i++) {
      JsonNode report = reports.get(i);
      assertThat(report.get("file").textValue()).isEqualTo(path(names.get(i)));
      assertThat(report.get("malformed_lines").intValue()).isZero();
      assertThat(summary(report)).as(names.get(i)).isEqualTo(EXPECTED.get(names.get(i)));
    }
  }

  @Test
  void jsonScanOfEveryRecordingReadsEveryLineAndNamesTheVersionThatMadeIt() {
    List<String> names = Recordings.names();
    assertThat(names).containsAll(EXPECTED.keySet());

    List<JsonNode> reports = scanJson(names);

    for (int i = 0; i < names.size(); i++) {
      String name = names.get(i);
      String version =
          name.startsWith("claude-")
              ? name.substring("claude-".length(), name.indexOf('/'))
              : Recordings.DEFAULT_FOLDER.substring("claude-".length());
      JsonNode report = reports.get(i);
      assertThat(report.get("malformed_lines").intValue()).as(name).isZero();
      assertThat(report.get("lines").intValue()).as(name).isPositive();
      // A run that ends before its first turn (an unknown --resume id) prints no init line.
      if (!report.get("claude_version").isNull()) {
        assertThat(report.get("claude_version").asText()).as(name).isEqualTo(version);
      }
    }
  }

  @Test
  void jsonOfF1HasExactlyTheSpecifiedKeysAndValues() {
    Run run = run("scan", "--json", path("f1-ppt-arg-devnull"));

    String call =
        "{\"tool_use_id\":\""
            + TOUCH
            + "\",\"tool\":\"Bash\",\"input\":{\"command\":"
            + "\"touch made-by-bash.txt\",\"description\":\"Create a file\"}}";
    assertThat(run.jsonLines())
        .containsExactly(
            tree(
                "{\"file\":\""
                    + path("f1-ppt-arg-devnull")
                    + "\",\"lines\":5,\"malformed_lines\":0,\"session_id\":\""
                    + F1_SESSION
                    + "\",\"claude_version\":\"2.1.332\",\"turns\":1,\"is_error\":false,"
                    + "\"terminal_reason\":\"completed\",\"total_cost_usd\":0.036399999999999995,"
                    + "\"tools_total\":1,\"tools\":[{\"tool_use_id\":\""
                    + TOUCH
                    + "\",\"name\":\"Bash\",\"input\":"
                    + "{\"command\":\"touch made-by-bash.txt\",\"description\":\"Create a file\"},"
                    + "\"outcome\":\"stream_closed\"}],\"stream_closed_total\":1,\"stream_closed\":["
                    + call
                    + "],"
                    + "\"permission_denials_total\":1,\"permission_denials\":["
                    + call
                    + "],\"errors_total\":0,\"errors\":[],"
                    + "\"fix\":\"milk-tui grants allow 'Bash(touch:*)'\"}"));
    assertThat(run.out().lines().findFirst().orElseThrow())
        .startsWith("{\"file\":")
        .contains("\"lines\":5,\"malformed_lines\":0,\"session_id\":");
  }

  @Test
  void unreadableFileIsReportedOnStderrTheOthersScannedAndTheExitCodeIs2() {
    Run run =
        run("scan", "--json", path("a-text-arg"), "/no/such/transcript.ndjson", path("i-500"));

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("cannot read /no/such/transcript.ndjson");
    assertThat(run.jsonLines())
        .extracting(r -> r.get("file").textValue())
        .containsExactly(path("a-text-arg"), path("i-500"));
  }

  @Test
  void textReportShowsSessionTurnsToolsFailuresDenialsErrorsAndCost() {
    Run run = run("scan", path("f1-ppt-arg-devnull"), path("i-500"));

    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains(path("f1-ppt-arg-devnull") + "\n")
        .contains("session       " + F1_SESSION + " (claude 2.1.332)")
        .contains("turns         1, last completed, is_error false")
        .contains("stream_closed Bash " + TOUCH)
        .contains("stream closed 1")
        .contains("denials       1")
        .contains("cost          $0.036399999999999995")
        .contains("turns         1, last api_error, is_error true")
        .contains("turn 1 failed (api_error, HTTP 500): API Error: 500 Internal server error.");
  }

  @Test
  void bundledExampleIsAStreamClosedTurn() {
    Run run = run("scan", "--json", "--example");

    assertThat(run.exitCode()).isZero();
    assertThat(run.jsonLines())
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.get("file").textValue()).isEqualTo(ScanRun.EXAMPLE);
              assertThat(r.get("turns").intValue()).isEqualTo(1);
              assertThat(r.at("/stream_closed/0/tool").textValue()).isEqualTo("Write");
              assertThat(r.at("/tools/0/outcome").textValue()).isEqualTo("stream_closed");
            });
  }

  @Test
  void aFileThatIsNotStreamJsonIsSaidSoWithExitCode1AndTheOthersStillScanned(@TempDir Path dir)
      throws IOException {
    Path notes =
        Files.writeString(dir.resolve("notes.txt"), "shopping list\n{\"name\": \"pkg\"}\n");

    Run run = run("scan", notes.toString(), path("f1-ppt-arg-devnull"));

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err())
        .isEqualTo(
            "milk-tui scan: " + notes + " is not claude stream-json (2 lines, none from claude)\n");
    assertThat(run.out()).contains("session       " + F1_SESSION).doesNotContain("notes.txt");
  }

  @Test
  void theTextReportNeverReplaysATerminalEscapeFromTheRecordItsFileNameIncluded(@TempDir Path dir)
      throws IOException {
    Path record =
        Files.writeString(
            dir.resolve("hostile\u001b]0;title\u0007.ndjson"),
            "{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"s\\u001b[2J\","
                + "\"cwd\":\"/w\",\"claude_code_version\":\"2.1\\u001b]52;c;ZXZpbA==\\u0007\"}\n"
                + "{\"type\":\"assistant\",\"message\":{\"id\":\"m\",\"content\":[{\"type\":"
                + "\"tool_use\",\"id\":\"t\",\"name\":\"Bash\\u009b2J\",\"input\":"
                + "{\"command\":\"ls\\u001b]8;;http://x\\u0007\"}}]}}\n");

    Run run = run("scan", record.toString());

    String printed = run.out() + run.err();
    assertThat(printed.chars().filter(c -> c < 0x20 && c != '\n' || c >= 0x7f && c <= 0x9f))
        .as("no control character reaches the terminal")
        .isEmpty();
    assertThat(printed).doesNotContain("ZXZpbA").contains("Bash");
  }

  @Test
  void theJsonReportEscapesC1AndBidiControlsSoTheyNeitherActOnNorReorderTheTerminal(
      @TempDir Path dir) throws IOException {
    Path record =
        Files.writeString(
            dir.resolve("bidi.ndjson"),
            "{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"s\",\"cwd\":\"/w\"}\n"
                + "{\"type\":\"assistant\",\"message\":{\"id\":\"m\",\"content\":[{\"type\":"
                + "\"tool_use\",\"id\":\"t\",\"name\":\"Bash\",\"input\":{\"command\":"
                + "\"rm -rf x \\u202e\\u2066#txt.\\u2069\\u200f\\u061c\\u0085\\u009b2J\\u001b\"}}]}}\n");

    Run run = run("scan", "--json", record.toString());

    assertThat(run.out().chars().filter(c -> c < 0x20 && c != '\n' || c >= 0x7f && c <= 0x9f))
        .isEmpty();
    assertThat(run.out().chars().filter(c -> "\u202e\u2066\u2069\u200f\u061c".indexOf(c) >= 0))
        .isEmpty();
    assertThat(run.out())
        .contains("rm -rf x \\u202E\\u2066#txt.\\u2069\\u200F\\u061C\\u0085\\u009B2J\\u001B");
    assertThat(run.jsonLines().get(0).get("tools").get(0).get("input").get("command").textValue())
        .isEqualTo("rm -rf x \u202e\u2066#txt.\u2069\u200f\u061c\u0085\u009b2J\u001b");
  }

  @Test
  void aStreamClosedFailureComesWithTheGrantsCommandThatFixesIt() {
    Run run = run("scan", path("f1-ppt-arg-devnull"));

    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("    fix: milk-tui grants allow 'Bash(touch:*)'\n");
  }

  @Test
  void missingFileArgumentIsAUsageErrorWithExitCode2() {
    Run run = run("scan");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo("milk-tui scan: Missing FILE (or --example); see milk-tui scan --help\n");
  }

  @Test
  void unknownOptionIsAUsageErrorWithExitCode2() {
    Run run = run("scan", "--bogus", path("a-text-arg"));

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo("milk-tui scan: unknown option '--bogus'; see milk-tui scan --help\n");
  }

  @Test
  void rootHelpListsTheScanSubcommand() {
    Run run = run("--help");

    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("Usage: milk-tui").contains("scan");
  }
}
