package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ClaudeSupportTest {

  @Test
  void versionsCompareNumericallyPartByPart() {
    assertThat(new ClaudeVersion("2.1.40")).isLessThan(new ClaudeVersion("2.1.300"));
    assertThat(new ClaudeVersion("10.0.0")).isGreaterThan(new ClaudeVersion("9.9.9"));
    assertThat(new ClaudeVersion("2.0.77")).isEqualByComparingTo(new ClaudeVersion("2.0.77"));
  }

  @Test
  void theRangeRunsFromTheFloorToThePinnedVersion() {
    assertThat(ClaudeSupport.standing(new ClaudeVersion("1.0.128")))
        .isEqualTo(ClaudeSupport.Standing.BELOW_FLOOR);
    assertThat(ClaudeSupport.standing(ClaudeSupport.FLOOR))
        .isEqualTo(ClaudeSupport.Standing.TESTED_RANGE);
    assertThat(ClaudeSupport.standing(new ClaudeVersion(ClaudeVersion.PINNED)))
        .isEqualTo(ClaudeSupport.Standing.TESTED_RANGE);
    assertThat(ClaudeSupport.standing(new ClaudeVersion("99.0.0")))
        .isEqualTo(ClaudeSupport.Standing.NEWER_THAN_TESTED);
  }

  @Test
  void onlyVersionsOutsideTheTestedRangeGetAStartUpNotice() {
    assertThat(ClaudeSupport.notice(new ClaudeVersion("2.1.300"))).isEmpty();
    assertThat(ClaudeSupport.notice(new ClaudeVersion("1.0.128")))
        .hasValueSatisfying(
            text ->
                assertThat(text)
                    .startsWith("claude 1.0.128 is older than milk-tui supports (2.0.77 to ")
                    .contains("npm i -g @anthropic-ai/claude-code", "scripts/install-claude"));
    assertThat(ClaudeSupport.notice(new ClaudeVersion("99.0.0")))
        .hasValueSatisfying(text -> assertThat(text).contains("newer than milk-tui has been"));
  }

  @Test
  void theNoticeIsSilencedByItsVariable() {
    assertThat(ClaudeSupport.noticeWanted(Map.of())).isTrue();
    assertThat(ClaudeSupport.noticeWanted(Map.of("MILK_TUI_NO_VERSION_NOTICE", ""))).isTrue();
    assertThat(ClaudeSupport.noticeWanted(Map.of("MILK_TUI_NO_VERSION_NOTICE", "1"))).isFalse();
  }

  @Test
  void theAutoModeReleasesAreKnownForIt() {
    assertThat(ClaudeSupport.quirks(new ClaudeVersion("2.1.300")))
        .anySatisfy(q -> assertThat(q).contains("auto mode"));
    assertThat(ClaudeSupport.quirks(new ClaudeVersion(ClaudeVersion.PINNED))).isEmpty();
  }
}
