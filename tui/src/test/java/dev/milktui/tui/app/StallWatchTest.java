package dev.milktui.tui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.SessionEvent;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** When a silent turn is noticed, once, and what is said about it. */
class StallWatchTest {
  private final Instant start = Instant.parse("2026-01-01T10:00:00Z");
  private final StallWatch watch = new StallWatch(Duration.ofMinutes(2), start);

  @Test
  void aSilenceAsLongAsTheBoundIsNoticedOnceAndSaidWithTheLastSignOfLife() {
    Instant later = start.plus(Duration.ofMinutes(2));
    assertThat(watch.due(later.minusSeconds(1), true, false, false)).isFalse();
    assertThat(watch.due(later, true, false, false)).isTrue();
    assertThat(watch.due(later.plusSeconds(60), true, false, false)).isFalse();
    assertThat(watch.notice(ZoneOffset.UTC, "thinking"))
        .startsWith(
            "Nothing from claude for 2 min (last sign of life at 10:00:00, while thinking;");
  }

  @Test
  void noTurnARunningToolCompactingOrAWaitingDialogIsNoStall() {
    Instant later = start.plus(Duration.ofMinutes(5));
    assertThat(watch.due(later, false, false, false)).isFalse();
    assertThat(watch.due(later, true, true, false)).isFalse();
    assertThat(watch.due(later, true, false, true)).isFalse();
    watch.output(start, new SessionEvent.StatusChanged("compacting", null));
    assertThat(watch.due(later, true, false, false)).isFalse();
  }

  @Test
  void aShortBoundIsSaidInSeconds() {
    assertThat(new StallWatch(Duration.ofSeconds(30), start).notice(ZoneOffset.UTC, "x"))
        .startsWith("Nothing from claude for 30 s");
  }
}
