package dev.milktui.core.diff;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.protocol.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EditDiffsTest {
  @TempDir Path dir;

  private static ObjectNode edit(String file, String old, String now) {
    return Json.object().put("file_path", file).put("old_string", old).put("new_string", now);
  }

  @Test
  void anEditIsDiffedAgainstTheFileWithItsLineNumbers() throws IOException {
    Files.writeString(dir.resolve("Calc.java"), "a\nb\nreturn x - y;\nc\n");

    FileDiff diff =
        new EditDiffs(dir)
            .diff("Edit", edit("Calc.java", "return x - y;", "return x + y;"))
            .orElseThrow();

    assertThat(diff.path()).isEqualTo(dir.resolve("Calc.java").toString());
    assertThat(diff.lines())
        .contains(
            new DiffLine(DiffLine.Kind.REMOVED, 3, 0, "return x - y;"),
            new DiffLine(DiffLine.Kind.ADDED, 0, 3, "return x + y;"),
            new DiffLine(DiffLine.Kind.CONTEXT, 1, 1, "a"));
  }

  @Test
  void anEditThatAlreadyRanIsDiffedBackwards() throws IOException {
    Files.writeString(dir.resolve("f.txt"), "one\nTWO\nthree\n");

    FileDiff diff = new EditDiffs(dir).diff("Edit", edit("f.txt", "two", "TWO")).orElseThrow();

    assertThat(diff.summary()).isEqualTo("Added 1 line, removed 1 line");
    assertThat(diff.lines()).contains(new DiffLine(DiffLine.Kind.REMOVED, 2, 0, "two"));
  }

  @Test
  void multiEditAppliesItsEditsInOrder() throws IOException {
    Files.writeString(dir.resolve("f.txt"), "a\nb\nc\n");
    ObjectNode input = Json.object().put("file_path", dir.resolve("f.txt").toString());
    input.putArray("edits").add(edit("", "a", "A")).add(edit("", "A\nb", "A\nB"));

    FileDiff diff = new EditDiffs(dir).diff("MultiEdit", input).orElseThrow();

    assertThat(diff.summary()).isEqualTo("Added 2 lines, removed 2 lines");
  }

  @Test
  void writeOverAFileIsADiffAndANewFileIsNot() throws IOException {
    Files.writeString(dir.resolve("old.txt"), "x\n");
    EditDiffs diffs = new EditDiffs(dir);

    assertThat(diffs.diff("Write", Json.object().put("file_path", "old.txt").put("content", "y\n")))
        .hasValueSatisfying(d -> assertThat(d.summary()).isEqualTo("Added 1 line, removed 1 line"));
    assertThat(diffs.diff("Write", Json.object().put("file_path", "new.txt").put("content", "y\n")))
        .isEmpty();
  }

  @Test
  void onlyRegularFilesWithinTheBoundAreRead() throws IOException {
    Files.createDirectory(dir.resolve("folder"));
    Files.write(dir.resolve("big.txt"), new byte[EditDiffs.MAX_FILE_BYTES + 1]);
    Files.write(dir.resolve("binary.bin"), new byte[] {(byte) 0xff, (byte) 0xfe, 'a'});
    EditDiffs diffs = new EditDiffs(dir);

    assertThat(diffs.diff("Edit", edit("folder", "a", "b"))).isEmpty();
    assertThat(diffs.diff("Edit", edit("big.txt", "\0", "b"))).isEmpty();
    assertThat(diffs.diff("Edit", edit("binary.bin", "a", "b"))).isEmpty();
    assertThat(diffs.diff("Bash", Json.object().put("command", "ls"))).isEmpty();
  }

  @Test
  void anEditWithNewlinesMatchesAFileWithCrlfLineEnds() throws IOException {
    Files.writeString(dir.resolve("win.txt"), "one\r\ntwo\r\nthree\r\n");
    EditDiffs diffs = new EditDiffs(dir);

    assertThat(diffs.diff("Edit", edit("win.txt", "one\ntwo", "one\n2")))
        .hasValueSatisfying(
            d ->
                assertThat(d.lines())
                    .contains(
                        new DiffLine(DiffLine.Kind.REMOVED, 2, 0, "two"),
                        new DiffLine(DiffLine.Kind.ADDED, 0, 2, "2"),
                        new DiffLine(DiffLine.Kind.CONTEXT, 3, 3, "three")));
    assertThat(diffs.diff("Edit", edit("win.txt", "two\r\nthree", "three")))
        .hasValueSatisfying(d -> assertThat(d.summary()).isEqualTo("Removed 1 line"));
  }

  @Test
  void aWriteChangingNoLineHasNoDiffRatherThanAFalseNoChange() throws IOException {
    Files.writeString(dir.resolve("done.txt"), "already written\n");

    Files.writeString(dir.resolve("no-newline.txt"), "last line");
    EditDiffs diffs = new EditDiffs(dir);

    assertThat(
            diffs.diff(
                "Write",
                Json.object().put("file_path", "done.txt").put("content", "already written\n")))
        .isEmpty();
    assertThat(
            diffs.diff(
                "Write",
                Json.object().put("file_path", "no-newline.txt").put("content", "last line\n")))
        .isEmpty();
  }

  @Test
  void aFileWithANulIsBinaryAndHasNoDiff() throws IOException {
    Files.write(dir.resolve("data.bin"), new byte[] {'a', '\n', 0, 'b', '\n'});

    assertThat(new EditDiffs(dir).diff("Edit", edit("data.bin", "a", "c"))).isEmpty();
  }
}
