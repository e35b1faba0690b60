package dev.milktui.core.grants;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UntrustedWorkspaceDetectorTest {

  private final UntrustedWorkspaceDetector detector = new UntrustedWorkspaceDetector();

  @Test
  void recognisesTheRecordedDebugLine() {
    assertThat(
            detector.test(
                "[DEBUG] Dropped 2 project-scoped permissions.allow entries — workspace not yet"
                    + " trusted"))
        .isTrue();
  }

  @Test
  void matchesRegardlessOfCase() {
    assertThat(detector.test("Workspace Not Yet Trusted: run claude once")).isTrue();
  }

  @Test
  void ignoresOtherStderrLines() {
    assertThat(detector.test("Trusted workspace loaded")).isFalse();
    assertThat(detector.test("")).isFalse();
    assertThat(detector.test(null)).isFalse();
  }
}
