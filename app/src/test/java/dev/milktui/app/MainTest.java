package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class MainTest {
  @Test
  void theLogFileOptionIsFoundInBothFormsBeforeTheCommandRuns() {
    assertThat(Main.logFile(new String[] {"--demo", "--log-file", "/tmp/a.log"}))
        .isEqualTo(Path.of("/tmp/a.log"));
    assertThat(Main.logFile(new String[] {"--log-file=/tmp/b.log", "hello"}))
        .isEqualTo(Path.of("/tmp/b.log"));
  }

  @Test
  void aPromptAfterDoubleDashIsNotMistakenForTheOption() {
    assertThat(Main.logFile(new String[] {"--", "--log-file", "/tmp/c.log"}))
        .isNotEqualTo(Path.of("/tmp/c.log"))
        .endsWithRaw(Path.of("milk-tui", "milk-tui.log"));
  }
}
