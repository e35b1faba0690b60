package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InputHistoryTest {
  @TempDir Path dir;

  @Test
  void entriesIncludingMultiLineOnesSurviveARestart() {
    Path file = dir.resolve("sub/history.jsonl");
    InputHistory first = new InputHistory(file, Runnable::run);
    first.add("one");
    first.add("two\nlines");
    InputHistory second = new InputHistory(file, Runnable::run);
    assertThat(second.entries()).containsExactly("one", "two\nlines");
  }

  @Test
  void theHistoryFileIsReadableByTheOwnerOnly() throws Exception {
    Path file = dir.resolve("state/history.jsonl");
    new InputHistory(file, Runnable::run).add("my secret token is hunter2");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
  }

  @Test
  void upAndDownWalkTheHistoryAndGiveBackTheDraft() {
    InputHistory h = new InputHistory(null, Runnable::run);
    h.add("a");
    h.add("b");
    assertThat(h.previous("draft")).isEqualTo("b");
    assertThat(h.previous("ignored")).isEqualTo("a");
    assertThat(h.previous("ignored")).isNull();
    assertThat(h.next()).isEqualTo("b");
    assertThat(h.next()).isEqualTo("draft");
    assertThat(h.next()).isNull();
  }
}
