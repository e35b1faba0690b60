package dev.milktui.tui;

import java.time.Duration;
import java.time.Instant;

/**
 * Notices a turn that has said nothing for a while: no event from the session for {@code after},
 * while a turn runs, no tool runs (a long command is silent by nature), nothing is compacting and
 * no dialog waits for the user. Says so once per silence.
 */
final class StallWatch {
  private final Duration after;
  private Instant lastOutput;
  private boolean compacting;
  private boolean told;

  StallWatch(Duration after, Instant now) {
    this.after = after;
    this.lastOutput = now;
  }

  Duration after() {
    return after;
  }

  Instant lastOutput() {
    return lastOutput;
  }

  /**
   * Any sign of life from the session; {@code status} is a status line's status, or null for other
   * events. Compaction lasts from its status to the next sign of anything else.
   */
  void output(Instant now, String status) {
    lastOutput = now;
    told = false;
    compacting = "compacting".equals(status);
  }

  /** True once, when the silence has lasted {@code after} in a turn that should be talking. */
  boolean due(Instant now, boolean turnRunning, boolean toolRunning, boolean waitingForUser) {
    if (told || !turnRunning || toolRunning || compacting || waitingForUser) {
      return false;
    }
    if (Duration.between(lastOutput, now).compareTo(after) < 0) {
      return false;
    }
    told = true;
    return true;
  }
}
