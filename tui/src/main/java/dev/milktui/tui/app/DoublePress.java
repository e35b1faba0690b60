package dev.milktui.tui.app;

import java.time.Duration;
import java.time.Instant;

/**
 * A key pressed twice within a window (Esc Esc), measured on the reducer's clock so tests step time
 * instead of sleeping.
 */
final class DoublePress {
  private final Duration window;
  private Instant first;

  DoublePress(Duration window) {
    this.window = window;
  }

  /**
   * Notes a press at {@code now}; true when it is the second of a pair (which then starts over).
   */
  boolean press(Instant now) {
    if (first != null && Duration.between(first, now).compareTo(window) <= 0) {
      first = null;
      return true;
    }
    first = now;
    return false;
  }

  /** Another key came between: the next press is a first one. */
  void reset() {
    first = null;
  }
}
