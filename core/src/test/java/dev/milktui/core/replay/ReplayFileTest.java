package dev.milktui.core.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.milktui.core.conversation.Cell;
import dev.milktui.core.conversation.Conversation;
import dev.milktui.core.conversation.NoticeCell;
import dev.milktui.core.conversation.PromptCell;
import dev.milktui.core.conversation.ToolCallCell;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.record.RecordFile;
import dev.milktui.core.testkit.RecordOf;
import dev.milktui.core.testkit.Recordings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayFileTest {
  @TempDir Path dir;

  private static Path record(String name, Path file) throws IOException {
    return RecordOf.recording(name, file);
  }

  static List<Cell> conversation(ReplayScript script) {
    Conversation conversation = new Conversation();
    ReplaySession.playAll(script, conversation::apply);
    return conversation.cells();
  }

  private static <T> List<T> of(List<Cell> cells, Class<T> type) {
    return cells.stream().filter(type::isInstance).map(type::cast).toList();
  }

  private String reason(String content) throws IOException {
    Path file = dir.resolve("f");
    Files.writeString(file, content);
    return reasonFor(file);
  }

  private static String reasonFor(Path file) {
    try {
      ReplayFile.read(file);
    } catch (ReplayFile.NotReplayable e) {
      return e.getMessage();
    }
    throw new AssertionError(file + " was read");
  }

  @Test
  void theKindComesFromTheContentWhateverTheFileIsCalled() throws Exception {
    Path session = Files.copy(Recordings.sessionFile("r1-session-file"), dir.resolve("a.ndjson"));
    Path record = record("d-allow", dir.resolve("b.jsonl"));
    Path capture = Files.copy(Recordings.ndjson("d-allow"), dir.resolve("c.txt"));
    Path script = dir.resolve("d.jsonl");
    Files.writeString(
        script, "{\"milk_replay\":\"turn\"}\n{\"type\":\"system\",\"subtype\":\"init\"}\n");

    assertThat(ReplayFile.read(session).kind()).isEqualTo(ReplayFile.Kind.CLAUDE_SESSION);
    assertThat(ReplayFile.read(record).kind()).isEqualTo(ReplayFile.Kind.RECORD);
    assertThat(ReplayFile.read(capture).kind()).isEqualTo(ReplayFile.Kind.STREAM_JSON);
    assertThat(ReplayFile.read(script).kind()).isEqualTo(ReplayFile.Kind.SCRIPT);
    assertThat(ReplayFile.read(script).script().fromStart()).isFalse();
    assertThat(ReplayFile.read(record).script().fromStart()).isTrue();
  }

  @Test
  void aFileOfNoKindIsRefusedWithTheReasonInAFewWords() throws Exception {
    assertThat(reason("")).isEqualTo("is empty");
    assertThat(reason("\u0000\u0001binary")).isEqualTo("is binary data, not JSON lines");
    assertThat(reason("hello\nworld\n")).startsWith("is not JSON lines (2 lines");
    assertThat(reason("{\"name\":\"x\",\"version\":\"1\"}\n[1,2]\n"))
        .startsWith("is JSON of another shape");
    assertThat(reasonFor(dir.resolve("missing"))).isEqualTo("no such file");
    assertThat(reasonFor(dir)).isEqualTo("is a directory");
    assertThat(reason("{\"milk_replay\":\"on_deny\"}\n")).startsWith("is a replay script");
  }

  @Test
  void anUnreadableFileIsSaidSo() throws Exception {
    Path file = Files.writeString(dir.resolve("secret"), "{}");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("---------"));
    assumeThat(Files.isReadable(file)).as("not running as root").isFalse();

    assertThat(reasonFor(file)).isEqualTo("permission denied");
  }

  @Test
  void claudesOwnSessionFilePlaysAsItsPromptsRepliesAndToolResults() throws Exception {
    ReplayScript script = ReplayFile.read(Recordings.sessionFile("r1-session-file")).script();

    List<Cell> cells = conversation(script);

    assertThat(of(cells, PromptCell.class))
        .extracting(PromptCell::text)
        .containsExactly("hello there", "run echo");
    assertThat(of(cells, ToolCallCell.class))
        .singleElement()
        .satisfies(
            call -> {
              assertThat(call.name()).isEqualTo("Bash");
              assertThat(call.outcome()).isEqualTo(ToolOutcome.OK);
              assertThat(call.result()).isEqualTo("hi");
            });
  }

  @Test
  void claudesSessionFileOfEditsPlaysWithEachCallsDiff() throws Exception {
    List<Cell> cells =
        conversation(ReplayFile.read(Recordings.sessionFile("r2-session-file-edits")).script());

    List<ToolCallCell> calls = of(cells, ToolCallCell.class);
    assertThat(calls).extracting(ToolCallCell::name).containsExactly("Write", "Edit");
    assertThat(calls).allSatisfy(call -> assertThat(call.outcome()).isEqualTo(ToolOutcome.OK));
    assertThat(calls.get(0).diff().orElseThrow().added()).isEqualTo(3);
    assertThat(calls.get(1).diff().orElseThrow().lines())
        .extracting(line -> line.kind() + " " + line.text())
        .containsExactly("REMOVED two", "ADDED 2");
  }

  @Test
  void aRecordPlaysWithItsPromptsToolResultsDiffsAndThePermissionAnswers() throws Exception {
    List<Cell> allowed =
        conversation(ReplayFile.read(record("d-allow", dir.resolve("d.ndjson"))).script());
    List<Cell> written =
        conversation(
            ReplayFile.read(record("g2-resume-with-adddir", dir.resolve("g.ndjson"))).script());

    assertThat(of(allowed, PromptCell.class))
        .extracting(PromptCell::text)
        .containsExactly("Create a file with touch");
    assertThat(of(allowed, ToolCallCell.class))
        .singleElement()
        .satisfies(call -> assertThat(call.outcome()).isEqualTo(ToolOutcome.OK));
    assertThat(of(allowed, NoticeCell.class))
        .extracting(NoticeCell::text)
        .contains("Permission for Bash: allowed.");
    ToolCallCell write = of(written, ToolCallCell.class).get(0);
    assertThat(write.name()).isEqualTo("Write");
    assertThat(write.diff()).isPresent();
    assertThat(write.diff().get().added()).isPositive();
  }

  @Test
  void aReadOnlyReplayPlaysAtOnceAndSendsNothing() throws Exception {
    ReplayScript script = ReplayFile.read(record("d-allow", dir.resolve("d.ndjson"))).script();
    List<SessionEvent> events = new java.util.concurrent.CopyOnWriteArrayList<>();
    java.util.concurrent.CountDownLatch ended = new java.util.concurrent.CountDownLatch(1);
    ReplaySession session =
        new ReplaySession(
            script,
            event -> {
              events.add(event);
              if (event instanceof SessionEvent.Notice n
                  && n.text().equals(ReplaySession.END_OF_RECORDING)) {
                ended.countDown();
              }
            },
            decision -> {
              throw new AssertionError("a replay saves nothing");
            },
            0);
    try {
      assertThat(ended.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
      session.send("hello");

      assertThat(events).noneMatch(SessionEvent.PermissionRequested.class::isInstance);
      assertThat(events).contains(new SessionEvent.UserPrompt("Create a file with touch", false));
      assertThat(events).doesNotContain(new SessionEvent.UserPrompt("hello", false));
      assertThat(events)
          .contains(new SessionEvent.Notice(SessionEvent.Level.INFO, ReplaySession.READ_ONLY));
    } finally {
      session.close();
    }
  }

  @Test
  void pausesComeFromTheEntriesTimesAndADelayIsOnlyWrittenWhenItChanges() throws Exception {
    StringBuilder record = new StringBuilder();
    for (String ts :
        List.of(
            "10:00:00.100Z",
            "10:00:00.350Z",
            "10:00:00.350400Z",
            "10:00:00.351Z",
            "10:00:01Z",
            "10:00:01.000500Z",
            "10:00:09.5Z")) {
      record
          .append("{\"ts\":\"2026-12-03T")
          .append(ts)
          .append("\",\"dir\":\"cli\",\"line\":\"{\\\"type\\\":\\\"system\\\",")
          .append("\\\"subtype\\\":\\\"status\\\",\\\"session_id\\\":\\\"s\\\"}\"}\n");
    }
    Path file = Files.writeString(dir.resolve("r"), record);

    List<Long> delays =
        ReplayFile.read(file).script().turns().get(0).items().stream()
            .filter(ReplayScript.Delay.class::isInstance)
            .map(item -> ((ReplayScript.Delay) item).millis())
            .toList();

    assertThat(delays).containsExactly(250L, 0L, 649L, 0L, 5000L);
  }

  @Test
  void aCallsLongInputAndOutputAreKeptAsPreviewsThatSayHowMuchWasLeftOut() throws Exception {
    Path record = dir.resolve("big.ndjson");
    String content = "x".repeat(ToolPreviews.STRING_CHARS + 1000);
    String output = "é".repeat(ToolPreviews.STRING_CHARS + 10);
    String reply = "r".repeat(ToolPreviews.STRING_CHARS * 2);
    try (RecordFile file = RecordFile.open(record, Clock.systemUTC())) {
      file.fromClaude(
          "{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"s\",\"cwd\":\"/w\"}");
      file.fromClaude(
          "{\"type\":\"assistant\",\"session_id\":\"s\",\"message\":{\"id\":\"m\",\"role\":"
              + "\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\""
              + reply
              + "\"},{\"type\":\"tool_use\",\"id\":\"w\",\"name\":\"Write\",\"input\":"
              + "{\"file_path\":\"/w/f.txt\",\"content\":\""
              + content
              + "\"}}]}}");
      file.fromClaude(
          "{\"type\":\"user\",\"session_id\":\"s\",\"message\":{\"role\":\"user\",\"content\":"
              + "[{\"type\":\"tool_result\",\"tool_use_id\":\"w\",\"content\":\""
              + output
              + "\"}]},\"tool_use_result\":{\"stdout\":\""
              + output
              + "\"}}");
    }

    List<String> lines =
        ReplayFile.read(record).script().turns().get(0).items().stream()
            .filter(ReplayScript.Line.class::isInstance)
            .map(item -> ((ReplayScript.Line) item).text())
            .toList();

    assertThat(lines.get(1))
        .contains(reply)
        .contains("x".repeat(ToolPreviews.STRING_CHARS) + "… [1000 more bytes]")
        .doesNotContain("x".repeat(ToolPreviews.STRING_CHARS + 1));
    assertThat(lines.get(2))
        .contains("é".repeat(ToolPreviews.STRING_CHARS) + "… [20 more bytes]")
        .doesNotContain("é".repeat(ToolPreviews.STRING_CHARS + 1));
    ToolCallCell write =
        of(conversation(ReplayFile.read(record).script()), ToolCallCell.class).get(0);
    assertThat(write.input().path("content").textValue()).endsWith("… [1000 more bytes]");
  }

  /**
   * A recording held whole (its lines in arenas shared by many lines) loads the same items, in the
   * same order, as one handed over item by item (each line in an array of its own): every
   * recording, captured and as a session record with its prompts.
   */
  @Test
  void aHeldRecordingLoadsTheItemsARecordingHandedOverItemByItemDoes() throws Exception {
    for (String name : Recordings.names()) {
      for (Path file :
          List.of(Recordings.ndjson(name), record(name, dir.resolve(name + ".jsonl")))) {
        List<ReplayScript.Item> handed = new ArrayList<>();
        ReplayFile.read(file, handed::add);
        List<ReplayScript.Item> held =
            ReplayFile.read(file).script().turns().stream()
                .flatMap(turn -> turn.items().stream())
                .toList();
        assertThat(held.stream().map(ReplayFileTest::described).toList())
            .as(file.toString())
            .isEqualTo(handed.stream().map(ReplayFileTest::described).toList());
      }
    }
  }

  private static String described(ReplayScript.Item item) {
    return item instanceof ReplayScript.Line line ? "line " + line.text() : item.toString();
  }
}
