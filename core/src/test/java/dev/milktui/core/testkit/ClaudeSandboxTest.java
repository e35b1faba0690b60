package dev.milktui.core.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ClaudeSandboxTest {

  @Test
  void providesAnEmptyConfigDirInsideHomeAndASeparateWorkDirAndDeletesThemOnClose()
      throws Exception {
    Path root;
    try (ClaudeSandbox sandbox = ClaudeSandbox.create()) {
      root = sandbox.root();
      assertThat(sandbox.configDir())
          .isEqualTo(sandbox.home().resolve(".claude"))
          .isEmptyDirectory();
      assertThat(sandbox.workDir()).isEmptyDirectory().isEqualTo(sandbox.workDir().toRealPath());
      assertThat(sandbox.workDir().startsWith(sandbox.home())).isFalse();
      assertThat(sandbox.environment("http://127.0.0.1:1"))
          .containsEntry("CLAUDE_CONFIG_DIR", sandbox.configDir().toString())
          .containsEntry("HOME", sandbox.home().toString());
      Files.writeString(sandbox.workDir().resolve("made-by-a-tool.txt"), "x");
    }
    assertThat(root).doesNotExist();
  }
}
