package dev.milktui.core.scan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolCall;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.protocol.LineSink;
import dev.milktui.core.protocol.MalformedLine;
import dev.milktui.core.protocol.NdjsonReader;
import dev.milktui.core.record.RecordFile;
import dev.milktui.core.testkit.Recordings;
import dev.milktui.core.turn.TurnAccumulator;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The scan skims each line for what it needs; a live session parses every line whole. Over every
 * recording, captured and inside a session record, both must name the same calls with the same
 * outcomes, the same session and the same number of turns.
 */
class ScanAgreesWithLiveSessionTest {
  static List<String> recordings() {
    return Recordings.names();
  }

  @ParameterizedTest
  @MethodSource("recordings")
  void theScanNamesTheCallsAndOutcomesALiveSessionDoes(String name, @TempDir Path dir)
      throws IOException {
    assertAgree(name, Recordings.ndjson(name), dir);
  }

  private static final String CALL =
      "{\"type\":\"tool_use\",\"id\":\"t1\",\"name\":\"Bash\",\"input\":{\"command\":\"ls\"}}";

  /**
   * Lines where a repeated key's later value is not an object or array: Jackson's tree keeps the
   * last value, so a call in an earlier one is no call to a live session, nor to a scan.
   */
  static List<String> repeatedKeys() {
    return List.of(
        "{\"type\":\"assistant\",\"message\":{\"content\":[" + CALL + "]},\"message\":1}",
        "{\"type\":\"assistant\",\"message\":{\"content\":[" + CALL + "],\"content\":\"x\"}}",
        "{\"type\":\"stream_event\",\"event\":{\"type\":\"content_block_start\",\"index\":0,"
            + "\"content_block\":"
            + CALL
            + "},\"event\":1}",
        "{\"type\":\"stream_event\",\"event\":{\"type\":\"content_block_start\",\"index\":0,"
            + "\"content_block\":"
            + CALL
            + ",\"content_block\":null}}",
        "{\"type\":\"user\",\"message\":{\"content\":[{\"type\":\"tool_result\","
            + "\"tool_use_id\":\"t0\",\"content\":\"Stream closed\",\"is_error\":true}],"
            + "\"content\":\"x\"}}");
  }

  @ParameterizedTest
  @MethodSource("repeatedKeys")
  void aCallHiddenByALaterRepeatedKeyIsNoCallToTheScanAsToALiveSession(
      String line, @TempDir Path dir) throws IOException {
    Path capture =
        turn(
            dir,
            "{\"type\":\"assistant\",\"message\":{\"content\":[{\"type\":\"tool_use\","
                + "\"id\":\"t0\",\"name\":\"Read\",\"input\":{\"file_path\":\"/p/a\"}}]}}",
            line);

    assertAgree("repeated", capture, dir);
  }

  /**
   * A call's input with decimals written with trailing zeros or an exponent (Node never writes them
   * so, other writers may): the scan lists the numbers as the live session's tree holds them.
   */
  @Test
  void aCallsDecimalsAreListedAsALiveSessionReadsThem(@TempDir Path dir) throws IOException {
    Path capture =
        turn(
            dir,
            "{\"type\":\"assistant\",\"message\":{\"content\":[{\"type\":\"tool_use\","
                + "\"id\":\"t0\",\"name\":\"Bash\",\"input\":{\"command\":\"ls\","
                + "\"timeout\":2.50,\"n\":1.0E+2,\"z\":0.000,\"m\":-1.5e-3}}]}}");

    assertAgree("decimals", capture, dir);
  }

  /** A capture of one turn: an init, {@code lines}, a result. */
  private static Path turn(Path dir, String... lines) throws IOException {
    List<String> capture = new ArrayList<>();
    capture.add("{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"s\",\"cwd\":\"/p\"}");
    capture.addAll(List.of(lines));
    capture.add(
        "{\"type\":\"result\",\"subtype\":\"success\",\"is_error\":false,\"session_id\":\"s\"}");
    capture.add("");
    return Files.writeString(dir.resolve("capture.ndjson"), String.join("\n", capture));
  }

  private static void assertAgree(String name, Path capture, Path dir) throws IOException {
    Path record = dir.resolve("record.ndjson");
    try (RecordFile file = RecordFile.open(record, Clock.systemUTC())) {
      for (String line : Files.readAllLines(capture)) {
        file.fromClaude(line);
        file.toClaude("{\"type\":\"user\"}");
      }
    }
    Live live = Live.read(capture);

    for (Path path : List.of(capture, record)) {
      ScanReport report = TranscriptScanner.scan(name, path);
      assertThat(report.sessionId()).isEqualTo(live.accumulator.sessionId());
      assertThat(report.turns()).isEqualTo(live.turns);
      assertThat(report.tools().items()).isEqualTo(live.tools);
      assertThat(report.streamClosed().items())
          .isEqualTo(
              live.tools.stream().filter(t -> t.outcome() == ToolOutcome.STREAM_CLOSED).toList());
    }
  }

  /** What a live session's accumulator makes of the capture, as a scan would list it. */
  private static final class Live implements LineSink {
    final TurnAccumulator accumulator = new TurnAccumulator(this::event);
    final List<ScanReport.Tool> tools = new ArrayList<>();
    int turns;

    static Live read(Path capture) throws IOException {
      Live live = new Live();
      try (InputStream in = Files.newInputStream(capture)) {
        new NdjsonReader(in, NdjsonReader.DEFAULT_MAX_LINE_BYTES, live).run();
      }
      live.accumulator.currentTools().forEach(live::add);
      return live;
    }

    private void event(SessionEvent event) {
      if (event instanceof SessionEvent.TurnFinished finished) {
        turns++;
        finished.summary().tools().forEach(this::add);
      }
    }

    private void add(ToolCall call) {
      ToolOutcome outcome = call.finished() ? call.outcome() : ToolOutcome.NO_RESULT;
      tools.add(
          new ScanReport.Tool(
              call.toolUseId(),
              call.name(),
              TranscriptScanner.shortened(call.input()).node(),
              outcome));
    }

    @Override
    public void message(CliMessage message) {
      accumulator.accept(message);
    }

    @Override
    public void malformed(MalformedLine line) {}

    @Override
    public void end(IOException failure) {}
  }
}
