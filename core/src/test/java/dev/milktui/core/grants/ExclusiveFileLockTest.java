package dev.milktui.core.grants;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ExclusiveFileLockTest {
  private final Path locks = Path.of("/state/milk-tui/locks");

  @Test
  void theLockFileLivesInMilkTuisStateFolderNamedByTheFileAndAHashOfItsPath() {
    Path lock = ExclusiveFileLock.sidecarFor(locks, Path.of("/home/u/.claude/settings.json"));

    assertThat(lock.getParent()).isEqualTo(locks);
    assertThat(lock.getFileName().toString())
        .matches("settings\\.json-[0-9a-f]{16}\\.milk-tui\\.lock");
  }

  @Test
  void oneLockPerPathSoSameNamedFilesInOtherFoldersDoNotShareOne() {
    Path user = ExclusiveFileLock.sidecarFor(locks, Path.of("/home/u/.claude/settings.json"));
    Path again = ExclusiveFileLock.sidecarFor(locks, Path.of("/home/u/.claude/./settings.json"));
    Path project = ExclusiveFileLock.sidecarFor(locks, Path.of("/src/app/.claude/settings.json"));

    assertThat(again).isEqualTo(user);
    assertThat(project).isNotEqualTo(user);
  }
}
