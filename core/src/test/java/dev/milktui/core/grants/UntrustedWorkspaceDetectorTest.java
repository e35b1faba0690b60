package dev.milktui.core.grants;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.testkit.Recordings;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class UntrustedWorkspaceDetectorTest {

  private final UntrustedWorkspaceDetector detector = new UntrustedWorkspaceDetector();

  @Test
  void recognisesWhatThePinnedCliWritesOnStderr() throws Exception {
    List<String> stderr =
        Files.readAllLines(Recordings.stderr("p12-updated-permissions-destinations"));

    assertThat(stderr).anyMatch(detector);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Ignoring 3 permissions.allow entries from .claude/settings.json: this workspace has not"
            + " been trusted. Run Claude Code interactively here once and accept the trust dialog",
        "Ignoring 1 permissions.ask entry from .claude/settings.local.json: this workspace has not"
            + " been trusted. Run Claude Code interactively here once",
        "Ignoring 2 permissions.deny entries from .claude/settings.json and"
            + " .claude/settings.local.json: this workspace has not been trusted.",
        "Ignoring 12 hooks entries from /w/my project/.claude/settings.json: this workspace has"
            + " not been trusted.",
        "[DEBUG] Dropped 2 project-scoped permissions.allow entries — workspace not yet trusted"
      })
  void recognisesAnyCountKeyAndFile(String line) {
    assertThat(detector.test(line)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Trusted workspace loaded",
        "",
        "Ignoring 1 permissions.allow entry from .claude/settings.json: a session with no working"
            + " directory is never trusted.",
        "Ignoring 1 permissions.allow entry from .claude/settings.json: this session has moved and"
            + " still reads its project settings from the folder that it was launched in, so both"
            + " folders must be trusted.",
        "echo 'this workspace has not been trusted'"
      })
  void ignoresOtherStderrLines(String line) {
    assertThat(detector.test(line)).isFalse();
  }

  @Test
  void ignoresNoLine() {
    assertThat(detector.test(null)).isFalse();
  }
}
