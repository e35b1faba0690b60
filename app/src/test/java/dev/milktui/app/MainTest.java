package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

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
}
