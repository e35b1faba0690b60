package dev.milktui.tui.app;

import dev.milktui.core.event.SessionEvent;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

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
   * Any sign of life from the session. Compaction lasts from its status to the next status, its
   * boundary or the end of the turn: other lines (a background agent's progress, a rate-limit
   * event, the answer to a control request) can arrive while it runs, and it can take minutes.
   */
  void output(Instant now, SessionEvent event) {
    lastOutput = now;
    told = false;
    if (event instanceof SessionEvent.StatusChanged s) {
      // A line with only a mode (status null) reports the mode, not the end of compaction.
      if (s.status() != null || s.permissionMode() == null) {
        compacting = "compacting".equals(s.status());
      }
    } else if (event instanceof SessionEvent.Compacted
        || event instanceof SessionEvent.TurnFinished
        || event instanceof SessionEvent.ProcessExited
        || event instanceof SessionEvent.ConversationCleared) {
      compacting = false;
    }
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

  /**
   * What is said about a silence: how long, the last sign of life ({@code zone}'s time), what
   * claude was doing ({@code doing}), and the ways on.
   */
  String notice(ZoneId zone, String doing) {
    long minutes = Math.max(1, after.toMinutes());
    String last = DateTimeFormatter.ofPattern("HH:mm:ss").format(lastOutput.atZone(zone));
    return "Nothing from claude for "
        + (after.toSeconds() < 120 ? after.toSeconds() + " s" : minutes + " min")
        + " (last sign of life at "
        + last
        + ", while "
        + doing
        + "; no tool is running). The API may be slow or retrying quietly. Keep waiting,"
        + " press Esc to interrupt the turn, or F5 to restart claude and resume the session.";
  }
}
