package dev.milktui.core.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StateDirectoryTest {
  private final Path home = Path.of("/home/u");

  @Test
  void anAbsoluteXdgStateHomeIsUsed() {
    assertThat(StateDirectory.resolve(Map.of("XDG_STATE_HOME", "/var/state"), home))
        .isEqualTo(Path.of("/var/state/milk-tui"));
  }

  @Test
  void otherwiseTheFolderIsUnderHomeLocalState() {
    assertThat(StateDirectory.resolve(Map.of("XDG_STATE_HOME", "relative"), home))
        .isEqualTo(Path.of("/home/u/.local/state/milk-tui"));
    assertThat(StateDirectory.resolve(Map.of(), home))
        .isEqualTo(Path.of("/home/u/.local/state/milk-tui"));
  }
}
