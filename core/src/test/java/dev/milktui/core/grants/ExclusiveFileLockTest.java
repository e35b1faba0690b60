package dev.milktui.core.grants;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

  /** A file where the state folder should be fails for root too, unlike a read-only mode. */
  @Test
  @SuppressWarnings("try") // the lock is held for the block, never read
  void whenTheStateFolderCannotHoldLocksTheLockGoesBesideTheTarget(@TempDir Path temp)
      throws Exception {
    Path state = Files.writeString(temp.resolve("state"), "a file, not a folder");
    Path target = Files.createDirectories(temp.resolve("claude")).resolve("settings.json");

    try (ExclusiveFileLock lock = ExclusiveFileLock.acquire(state.resolve("locks"), target)) {
      assertThat(temp.resolve("claude/.settings.json.milk-tui.lock")).isRegularFile();
      assertThat(temp.resolve("claude/settings.json.lock")).doesNotExist();
    }
    try (ExclusiveFileLock again = ExclusiveFileLock.acquire(state.resolve("locks"), target)) {
      assertThat(state).hasContent("a file, not a folder");
    }
  }
}
