package dev.milktui.core.grants;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** What the store refuses to read or replace, and how it finds the file Claude reads. */
@Timeout(60)
class SettingsFileSafetyTest {

  private static final GrantRequest GRANT = GrantRequest.of(RuleGrant.suggested("Bash(ls:*)"));

  @TempDir Path temp;
  private Path home;
  private Path settings;
  private SettingsStore store;

  @BeforeEach
  void setUp() throws Exception {
    home = Files.createDirectories(temp.resolve("home"));
    settings = Files.createDirectories(home.resolve(".claude")).resolve("settings.json");
    store = new SettingsStore(settings, home);
  }

  @Test
  void refusesALinkToADeviceAndNeverReplacesTheDevice() throws Exception {
    Files.createSymbolicLink(settings, Path.of("/dev/null"));

    assertThatThrownBy(() -> store.grant(GRANT))
        .isInstanceOf(SettingsException.class)
        .hasMessageContaining("not a regular file")
        .hasMessageContaining("/dev/null");

    assertThat(Files.readSymbolicLink(settings)).isEqualTo(Path.of("/dev/null"));
    assertThat(Files.isRegularFile(Path.of("/dev/null"))).isFalse();
  }

  @Test
  void refusesToReadALinkToDevZeroInsteadOfFillingMemory() throws Exception {
    Files.createSymbolicLink(settings, Path.of("/dev/zero"));

    assertThatThrownBy(() -> store.list()).hasMessageContaining("not a regular file");
  }

  @Test
  void refusesAFifoWithoutOpeningIt() throws Exception {
    Path fifo = temp.resolve("settings.fifo");
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
    assumeTrue(mkfifo.waitFor() == 0, "mkfifo is available");
    Files.createSymbolicLink(settings, fifo);

    assertThatThrownBy(() -> store.list()).hasMessageContaining("a device, FIFO or socket");
    assertThatThrownBy(() -> store.grant(GRANT)).hasMessageContaining("not a regular file");
    assertThat(Files.isRegularFile(fifo)).isFalse();
  }

  @Test
  void refusesADirectoryAtTheSettingsPath() throws Exception {
    Files.createDirectory(settings);

    assertThatThrownBy(() -> store.grant(GRANT)).hasMessageContaining("is a directory");
    assertThat(Files.isDirectory(settings)).isTrue();
  }

  @Test
  void refusesAFileLargerThanTheReadBound() throws Exception {
    try (OutputStream out = Files.newOutputStream(settings)) {
      out.write(new byte[SettingsTarget.MAX_BYTES + 1]);
    }

    assertThatThrownBy(() -> store.list()).hasMessageContaining("larger than 16 MiB");
    assertThat(Files.size(settings)).isEqualTo(SettingsTarget.MAX_BYTES + 1L);
  }

  @Test
  void refusesAReadOnlyFileAndLeavesItAsItWas() throws Exception {
    Files.writeString(settings, "{\"theme\": \"dark\"}");
    Files.setPosixFilePermissions(settings, PosixFilePermissions.fromString("r--r--r--"));

    assertThatThrownBy(() -> store.grant(GRANT))
        .isInstanceOf(SettingsException.class)
        .hasMessageContaining("is read-only");

    assertThat(Files.readString(settings)).isEqualTo("{\"theme\": \"dark\"}");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(settings)))
        .isEqualTo("r--r--r--");
    assertThat(store.list().rules()).isEmpty();
  }

  @Test
  void followsARelativeLinkInsideASymlinkedConfigDirectoryAsTheOsDoes() throws Exception {
    // ~/.claude -> ~/../real-claude; in it settings.json -> ../dotfiles/settings.json, which the
    // OS resolves against real-claude (the link's real directory), not against ~.
    Path realClaude = Files.createDirectories(temp.resolve("real-claude"));
    Path dotfiles = Files.createDirectories(temp.resolve("dotfiles"));
    Path claudeReads = Files.writeString(dotfiles.resolve("settings.json"), "{\"model\": \"x\"}");
    Files.createSymbolicLink(
        realClaude.resolve("settings.json"), Path.of("../dotfiles/settings.json"));
    Files.delete(settings.getParent());
    Files.createSymbolicLink(home.resolve(".claude"), realClaude);

    store.grant(GRANT);

    assertThat(Files.readString(claudeReads)).contains("\"model\": \"x\"", "Bash(ls:*)");
    assertThat(Files.isSymbolicLink(realClaude.resolve("settings.json"))).isTrue();
    assertThat(home.resolve("dotfiles")).doesNotExist();
    assertThat(store.list().rules()).containsExactly("Bash(ls:*)");
  }

  @Test
  void createsTheTargetOfADanglingRelativeLinkWhereTheOsWouldLookForIt() throws Exception {
    Path realClaude = Files.createDirectories(temp.resolve("real-claude"));
    Files.createDirectories(temp.resolve("dotfiles"));
    Files.createSymbolicLink(
        realClaude.resolve("settings.json"), Path.of("../dotfiles/settings.json"));
    Files.delete(settings.getParent());
    Files.createSymbolicLink(home.resolve(".claude"), realClaude);

    store.grant(GRANT);

    assertThat(Files.readString(temp.resolve("dotfiles/settings.json"))).contains("Bash(ls:*)");
    assertThat(Files.isSymbolicLink(realClaude.resolve("settings.json"))).isTrue();
  }

  @Test
  void removesItsClaudeLockDirectoryAfterTheUpdate() throws Exception {
    store.grant(GRANT);

    assertThat(ClaudeLockDirectory.directoryFor(settings)).doesNotExist();
    assertThat(store.list().rules()).containsExactly("Bash(ls:*)");
  }

  @Test
  void takesOverAStaleClaudeLockAsClaudeDoes() throws Exception {
    Path lock = Files.createDirectory(ClaudeLockDirectory.directoryFor(settings));
    Files.setLastModifiedTime(lock, FileTime.from(Instant.now().minus(Duration.ofMinutes(1))));

    store.grant(GRANT);

    assertThat(store.list().rules()).containsExactly("Bash(ls:*)");
    assertThat(Files.exists(lock, LinkOption.NOFOLLOW_LINKS)).isFalse();
  }

  @Test
  void refusesWithAClearMessageWhileAFreshClaudeLockIsHeldTooLong() throws Exception {
    Path lock = Files.createDirectory(ClaudeLockDirectory.directoryFor(settings));

    assertThatThrownBy(
            () ->
                ClaudeLockDirectory.acquire(
                    settings,
                    Duration.ofMillis(100),
                    ClaudeLockDirectory.STALE,
                    ClaudeLockDirectory.REFRESH))
        .isInstanceOf(SettingsException.class)
        .hasMessageContaining("has held the lock " + lock)
        .hasMessageContaining("nothing was changed");
    assertThat(lock).isDirectory();
  }

  @Test
  @SuppressWarnings("try") // the lock is held for the block, never read
  void refreshesTheMtimeOfAHeldLockSoThatClaudeNeverTakesItAsStale() throws Exception {
    FileTime old = FileTime.from(Instant.now().minus(Duration.ofHours(1)));
    try (ClaudeLockDirectory held =
        ClaudeLockDirectory.acquire(
            settings, ClaudeLockDirectory.WAIT, ClaudeLockDirectory.STALE, Duration.ofMillis(20))) {
      Path lock = ClaudeLockDirectory.directoryFor(settings);
      Files.setLastModifiedTime(lock, old);
      while (Files.getLastModifiedTime(lock).equals(old)) {
        Thread.sleep(10); // bounded by the class's @Timeout
      }
      assertThat(Files.getLastModifiedTime(lock).toInstant()).isAfter(old.toInstant());
    }
    assertThat(ClaudeLockDirectory.directoryFor(settings)).doesNotExist();
  }
}
