package dev.milktui.core.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;

/** Waits on other threads in tests, each bounded (30 s) so a failure ends rather than hangs. */
public final class Threads {
  private static final long BOUND_SECONDS = 30;

  private Threads() {}

  /** Until {@code thread} is in {@code state}, e.g. parked in a bounded wait. */
  public static void awaitState(Thread thread, Thread.State state) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(BOUND_SECONDS);
    while (thread.getState() != state && System.nanoTime() < deadline) {
      Thread.sleep(1);
    }
    assertThat(thread.getState()).isEqualTo(state);
  }

  /** Until {@code thread} has ended. */
  public static void awaitEnd(Thread thread) throws InterruptedException {
    thread.join(TimeUnit.SECONDS.toMillis(BOUND_SECONDS));
    assertThat(thread.isAlive()).as("%s ended", thread.getName()).isFalse();
  }

  /** {@code body} on a new thread, started. */
  public static Thread started(Runnable body) {
    Thread thread = new Thread(body);
    thread.start();
    return thread;
  }
}
