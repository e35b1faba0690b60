package dev.milktui.tui;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.tinylog.Logger;

/**
 * The UI's clock: thread {@code milk-tui-tick} runs {@code tick} every period; the tick only posts
 * an event through the one door onto the GUI thread, where running tools' elapsed time, the
 * spinner, the dialogs' input pause and the stall watch are brought up to date. Stopped by {@link
 * #close}; a failure of the tick is logged and handed to {@code failed} (the user's notice).
 */
public final class Ticker implements AutoCloseable {
  public static final String THREAD = "milk-tui-tick";

  private ScheduledExecutorService timer;

  /** Starts the clock (once). */
  public void start(Duration period, Runnable tick, Consumer<Throwable> failed) {
    if (timer != null) {
      throw new IllegalStateException("the clock runs already");
    }
    timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, THREAD);
              t.setDaemon(true);
              t.setUncaughtExceptionHandler(
                  (thread, e) -> {
                    Logger.error(e, "the UI's clock failed");
                    failed.accept(e);
                  });
              return t;
            });
    // A task's exception would end the schedule silently; it reaches the handler instead.
    timer.scheduleAtFixedRate(
        () -> {
          try {
            tick.run();
          } catch (RuntimeException e) {
            Thread.currentThread()
                .getUncaughtExceptionHandler()
                .uncaughtException(Thread.currentThread(), e);
          }
        },
        period.toMillis(),
        period.toMillis(),
        TimeUnit.MILLISECONDS);
  }

  @Override
  public void close() {
    if (timer != null) {
      timer.shutdownNow();
    }
  }
}
