package dev.milktui.tui;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** Spaces batches at least one frame apart (about 60 a second), however fast text streams. */
public final class PacedFrames implements FramePacer, AutoCloseable {
  public static final Duration FRAME = Duration.ofMillis(16);

  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "milk-tui-frames");
            t.setDaemon(true);
            return t;
          });
  private volatile long lastFrameNanos = System.nanoTime() - FRAME.toNanos();

  @Override
  public void schedule(Runnable frame) {
    long wait = lastFrameNanos + FRAME.toNanos() - System.nanoTime();
    timer.schedule(
        () -> {
          lastFrameNanos = System.nanoTime();
          frame.run();
        },
        Math.max(0, wait),
        TimeUnit.NANOSECONDS);
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
