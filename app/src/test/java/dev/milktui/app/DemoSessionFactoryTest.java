package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class DemoSessionFactoryTest {
  @Test
  void aScratchFolderIsNamedForItsKindAndThisProcessAndIsNew() throws Exception {
    Path first = DemoSessionFactory.scratchFolder("demo");
    Path second = DemoSessionFactory.scratchFolder("demo");
    try {
      assertThat(first.getFileName().toString())
          .startsWith("milk-tui-demo-" + ProcessHandle.current().pid() + "-");
      assertThat(first).isDirectory().isNotEqualTo(second);
      assertThat(first.getParent()).isEqualTo(Path.of(System.getProperty("java.io.tmpdir")));
    } finally {
      Files.delete(first);
      Files.delete(second);
    }
  }
}
