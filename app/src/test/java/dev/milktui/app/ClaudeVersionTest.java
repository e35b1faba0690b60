package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClaudeVersionTest {

  @TempDir Path temp;

  @Test
  void thePinnedVersionIsTheOneThePomPins() {
    assertThat(ClaudeVersion.PINNED)
        .matches("\\d+\\.\\d+\\.\\d+")
        .isEqualTo(System.getProperty("milk.claudeVersion"));
  }

  @Test
  void versionOutputOfTheCliParsesToThePinnedVersion() {
    assertThat(ClaudeVersion.parse(ClaudeVersion.PINNED + " (Claude Code)\n"))
        .hasValueSatisfying(
            version -> {
              assertThat(version.number()).isEqualTo(ClaudeVersion.PINNED);
              assertThat(version.isPinned()).isTrue();
            });
  }

  @Test
  void otherVersionsAreNotPinnedAndTextWithoutOneHasNone() {
    assertThat(ClaudeVersion.parse("claude 2.1.3320")).contains(new ClaudeVersion("2.1.3320"));
    assertThat(ClaudeVersion.parse("claude 2.1.3320").map(ClaudeVersion::isPinned)).contains(false);
    assertThat(ClaudeVersion.parse("1.0.128 (Claude Code)").map(ClaudeVersion::isPinned))
        .contains(false);
    assertThat(ClaudeVersion.parse("command not found")).isEmpty();
  }

  @Test
  void probeReadsTheVersionTheBinaryPrints() throws IOException {
    Path claude = Scripts.executable(temp.resolve("claude"), "echo '2.1.332 (Claude Code)'");

    assertThat(ClaudeVersionProbe.run(claude, Duration.ofSeconds(10)))
        .isEqualTo(new ClaudeVersion("2.1.332"));
  }

  @Test
  void probeGivesUpOnABinaryThatHangsAndKillsIt() throws IOException {
    Path claude = Scripts.executable(temp.resolve("claude"), "sleep 60 & wait");
    long start = System.nanoTime();

    try {
      ClaudeVersionProbe.run(claude, Duration.ofSeconds(1));
      throw new AssertionError("expected a timeout");
    } catch (IOException e) {
      assertThat(e).hasMessage("no answer within 1 s");
    }
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
  }

  @Test
  void probeOfAMissingBinarySaysItCannotRun() {
    Path missing = temp.resolve("nothing-here");

    try {
      ClaudeVersionProbe.run(missing, Duration.ofSeconds(1));
      throw new AssertionError("expected a failure");
    } catch (IOException e) {
      assertThat(e).hasMessageContaining(missing.toString());
    }
  }
}
