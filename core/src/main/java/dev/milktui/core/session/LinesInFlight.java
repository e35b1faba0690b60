package dev.milktui.core.session;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.tinylog.Logger;

/**
 * Bounds how many of claude's stdout lines wait for the session actor. While {@link #MAX} wait, the
 * stdout reader waits too, so claude's pipe fills and claude waits, as it would for any slow
 * reader: a flood of output costs bounded memory (each waiting line holds its parsed tree). The
 * wait is bounded, so a stuck actor never holds the reader for good, and ends when the actor does.
 */
final class LinesInFlight {
  /** Lines parsed but not yet handled: a few frames' worth of streaming at full speed. */
  static final int MAX = 500;

  private static final long MAX_WAIT_MILLIS = 1_000;

  private final Semaphore permits = new Semaphore(MAX);
  private volatile boolean closed;

  /** On the reader thread, before a line is posted; true when it holds a permit to give back. */
  boolean enter() {
    if (closed) {
      return false;
    }
    try {
      if (permits.tryAcquire(MAX_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
        return true;
      }
      Logger.debug("the session handled no line for {} ms; reading on", MAX_WAIT_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return false;
  }

  /** On the actor, once a line that {@link #enter}ed with a permit is handled. */
  void leave() {
    permits.release();
  }

  /** The actor ended: nothing waits for it any more. */
  void close() {
    closed = true;
    permits.release(MAX);
  }
}
