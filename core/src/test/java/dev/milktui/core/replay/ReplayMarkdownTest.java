package dev.milktui.core.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.milktui.core.export.MarkdownExport;
import dev.milktui.core.testkit.RecordOf;
import dev.milktui.core.testkit.Recordings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayMarkdownTest {
  /** The recording with a {@code /clear} in it. */
  private static final String CLEARED = "p6-slash-commands";

  @TempDir Path dir;

  /** The export as it was made before streaming: the whole file read, played, then rendered. */
  private static String wholeExport(Path file) throws ReplayFile.NotReplayable {
    return MarkdownExport.render(ReplayFileTest.conversation(ReplayFile.read(file).script()));
  }

  private static String streamed(Path file) throws Exception {
    StringBuilder out = new StringBuilder();
    ReplayMarkdown.write(file, out);
    return out.toString();
  }

  @Test
  void everyRecordingExportsAsTheWholeConversationDoesInEachKindOfFile() throws Exception {
    List<Path> files = new ArrayList<>();
    for (String name : Recordings.names()) {
      if (!name.equals(CLEARED)) {
        files.add(Recordings.ndjson(name));
      }
    }
    for (String name : List.of("d-allow", "d-deny", "d-deny-interrupt", "b-stdin-stream-json")) {
      files.add(RecordOf.recording(name, dir.resolve(name + ".record")));
    }
    files.add(Recordings.sessionFile("r1-session-file"));
    files.add(Recordings.sessionFile("r2-session-file-edits"));
    Path script = dir.resolve("script.jsonl");
    Files.writeString(
        script,
        "{\"milk_replay\":\"turn\"}\n"
            + Files.readString(Recordings.ndjson(Recordings.names().get(0))));
    files.add(script);

    for (Path file : files) {
      assertThat(streamed(file)).as(file.toString()).isEqualTo(wholeExport(file));
    }
  }

  @Test
  void whatCameBeforeAClearStaysInTheExportOfTheWholeSession() throws Exception {
    Path file = Recordings.ndjson(CLEARED);
    String whole = wholeExport(file);
    String streamed = streamed(file);

    assertThat(whole).doesNotContain("Second reply after commands.");
    assertThat(streamed)
        .contains("Second reply after commands.")
        .endsWith(whole.substring("# Claude session\n".length()));
  }

  @Test
  void aLongRecordingIsWrittenWhileItIsRead() throws Exception {
    Path file = dir.resolve("writes.record");
    RecordOf.streamClosedWrites(file, 50, "x");
    List<String> appended = new ArrayList<>();
    ReplayMarkdown.write(
        file,
        new Appendable() {
          @Override
          public Appendable append(CharSequence text) {
            if (!text.isEmpty()) {
              appended.add(text.toString());
            }
            return this;
          }

          @Override
          public Appendable append(CharSequence text, int start, int end) {
            return append(text.subSequence(start, end));
          }

          @Override
          public Appendable append(char c) {
            return append(String.valueOf(c));
          }
        });

    assertThat(appended).hasSizeGreaterThan(40);
    assertThat(String.join("", appended)).isEqualTo(wholeExport(file));
  }

  @Test
  void theFileWrittenIsTheUsersOnlyAndNoneIsMadeForAFileThatCannotBeReplayed() throws Exception {
    Path out = dir.resolve("out/session.md");
    ReplayMarkdown.write(RecordOf.recording("d-allow", dir.resolve("r")), out);

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(out)))
        .isEqualTo("rw-------");

    Path notJson = Files.writeString(dir.resolve("notes.txt"), "hello\n");
    Path none = dir.resolve("none.md");

    assertThatThrownBy(() -> ReplayMarkdown.write(notJson, none))
        .isInstanceOf(ReplayFile.NotReplayable.class);
    assertThat(none).doesNotExist();
  }

  @Test
  void anOutputThatFailsStopsTheExportWithItsError() throws Exception {
    Path record = RecordOf.recording("d-allow", dir.resolve("r"));
    Appendable broken =
        new Appendable() {
          @Override
          public Appendable append(CharSequence text) throws IOException {
            throw new IOException("disk full");
          }

          @Override
          public Appendable append(CharSequence text, int start, int end) throws IOException {
            throw new IOException("disk full");
          }

          @Override
          public Appendable append(char c) throws IOException {
            throw new IOException("disk full");
          }
        };

    assertThatThrownBy(() -> ReplayMarkdown.write(record, broken)).hasMessage("disk full");
  }
}
