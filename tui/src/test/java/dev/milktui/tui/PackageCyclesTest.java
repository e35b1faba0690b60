package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.testkit.PackageCycles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class PackageCyclesTest {
  @Test
  void noTuiPackagesImportEachOtherInALoop() {
    assertThat(PackageCycles.in(Path.of("src/main/java"), "dev.milktui.tui")).isEmpty();
  }
}
