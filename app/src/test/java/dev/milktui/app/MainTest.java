package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainTest {
  @Test
  void theLogFileOptionIsFoundInBothFormsBeforeTheCommandRuns() {
    assertThat(Main.logFileOption(new String[] {"--demo", "--log-file", "/tmp/a.log"}))
        .contains(Path.of("/tmp/a.log"));
    assertThat(Main.logFileOption(new String[] {"--log-file=/tmp/b.log", "hello"}))
        .contains(Path.of("/tmp/b.log"));
  }

  @Test
  void aPromptAfterDoubleDashIsNotMistakenForTheOption() {
    assertThat(Main.logFileOption(new String[] {"--", "--log-file", "/tmp/c.log"})).isEmpty();
  }

  @Test
  void aLogFileThatIsAFolderOrInAMissingFolderIsRefusedAndAPlainOneIsFine(@TempDir Path dir) {
    assertThat(Main.logFileProblem(dir)).contains("is a folder; name a file to write");
    assertThat(Main.logFileProblem(dir.resolve("missing/milk.log")))
        .contains("the folder " + dir.resolve("missing") + " does not exist");
    assertThat(Main.logFileProblem(dir.resolve("milk.log"))).isEmpty();
  }
}
