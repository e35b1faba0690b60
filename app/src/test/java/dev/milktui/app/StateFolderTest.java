package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StateFolderTest {
  @TempDir Path temp;

  @Test
  void aFolderThatCanBeWrittenHasNoProblemAndKeepsNoProbe() throws Exception {
    Path state = temp.resolve("state/milk-tui");

    assertThat(StateFolder.problem(state)).isEmpty();
    try (var left = Files.list(state)) {
      assertThat(left).isEmpty();
    }
  }

  /** A file where a folder should be fails for root too, where a read-only mode would not. */
  @Test
  void aStateFolderUnderARegularFileIsAProblemSaidInWords() throws Exception {
    Path file = Files.writeString(temp.resolve("state"), "not a folder");

    assertThat(StateFolder.problem(file.resolve("milk-tui")))
        .hasValueSatisfying(problem -> assertThat(problem).isNotBlank());
    assertThat(StateFolder.notice(file.resolve("milk-tui"), "read-only"))
        .contains("session's record", "input history", "log", "not being kept");
    assertThat(file).hasContent("not a folder");
  }

  @Test
  @SuppressWarnings("try") // standard error is silenced for the block, never read
  void whileTheScreenIsUpNothingReachesStandardError() {
    PrintStream original = System.err;
    ByteArrayOutputStream terminal = new ByteArrayOutputStream();
    System.setErr(new PrintStream(terminal, true, StandardCharsets.UTF_8));
    try {
      try (SilencedStandardError quiet = SilencedStandardError.start()) {
        System.err.println("LOGGER ERROR: Failed to write log entry (No space left on device)");
      }
      System.err.println("after");
    } finally {
      System.setErr(original);
    }
    assertThat(terminal.toString(StandardCharsets.UTF_8)).isEqualTo("after\n");
  }
}
