package dev.milktui.tui;

import com.googlecode.lanterna.gui2.TextGUIThread;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.tinylog.Logger;

/**
 * Carries items from background threads to the GUI thread in batches: items queue up, and only one
 * drain task is pending at a time, so a burst of deltas becomes one redraw. Bounded both ways: a
 * drain takes a fixed slice of the GUI thread, and a flood makes its posters wait. On a {@link
 * GuiThread}, posters also hold off while a drained batch is being drawn (at most {@link
 * #MAX_FRAME_HOLD}): on a machine with few cores, a session flooding events during the redraw took
 * the core the redraw needed, and the screen stalled for two or three times its own work.
 */
final class EventPump<T> {
  /** GUI-thread time one drain may take: about half a frame, so the redraw fits beside it. */
  static final long BUDGET_NANOS = TimeUnit.MILLISECONDS.toNanos(4);

  /** Items waiting beyond which posters wait: more than a real claude streams in seconds. */
  static final int MAX_PENDING = 2_000;

  private static final Duration MAX_WAIT = Duration.ofSeconds(1);

  /**
   * How long a poster holds off for one frame at most: a frame that takes longer is not waited on.
   */
  static final Duration MAX_FRAME_HOLD = Duration.ofMillis(20);

  /** Items applied between two looks at the clock: a look is cheap, but not free per item. */
  private static final int CHUNK = 64;

  private final ConcurrentLinkedQueue<T> queue = new ConcurrentLinkedQueue<>();
  private final AtomicBoolean scheduled = new AtomicBoolean();
  private final AtomicInteger pending = new AtomicInteger();
  private volatile boolean stopped;

  /** A drained batch is not on screen yet; only set where the GUI thread says when it is. */
  private volatile boolean drawing;

  private final TextGUIThread thread;
  private final FramePacer pacer;
  private final Consumer<List<T>> apply;
  private final long maxWait;
  private final long maxFrameHold;

  EventPump(TextGUIThread thread, FramePacer pacer, Consumer<List<T>> apply) {
    this(thread, pacer, apply, MAX_WAIT, MAX_FRAME_HOLD);
  }

  /**
   * {@code maxWait}: how long a poster waits for room at most; {@code maxFrameHold}: how long it
   * holds off for a frame being drawn at most (a test makes either endless).
   */
  EventPump(
      TextGUIThread thread,
      FramePacer pacer,
      Consumer<List<T>> apply,
      Duration maxWait,
      Duration maxFrameHold) {
    this.thread = thread;
    this.pacer = pacer;
    this.apply = apply;
    this.maxWait = nanos(maxWait);
    this.maxFrameHold = nanos(maxFrameHold);
    if (thread instanceof GuiThread gui) {
      gui.afterEachPass(() -> drawing = false);
    }
  }

  /** A wait's bound in nanoseconds, small enough to add to {@link System#nanoTime()}. */
  private static long nanos(Duration bound) {
    return Math.min(bound.toNanos(), Long.MAX_VALUE / 2);
  }

  /**
   * Any thread. A poster other than the GUI thread holds off while a drained batch is being drawn
   * (at most {@link #MAX_FRAME_HOLD}), and while more than {@link #MAX_PENDING} items wait it waits
   * too (at most {@link #MAX_WAIT}); never once the GUI has stopped: a flood of output is then
   * paced by the screen instead of piling up in memory or taking the redraw's core.
   */
  void post(T item) {
    queue.add(item);
    pending.incrementAndGet();
    if (scheduled.compareAndSet(false, true)) {
      pacer.schedule(this::hand);
    }
    if (thread.getThread() != Thread.currentThread()) {
      if (drawing) {
        awaitDrawn();
      }
      if (pending.get() > MAX_PENDING) {
        awaitRoom();
      }
    }
  }

  private void awaitDrawn() {
    if (waitWhile(() -> drawing, maxFrameHold, TimeUnit.MICROSECONDS.toNanos(200))) {
      // A slow frame holds posters once, not on every post until it ends.
      drawing = false;
    }
  }

  private void awaitRoom() {
    waitWhile(() -> pending.get() > MAX_PENDING, maxWait, TimeUnit.MILLISECONDS.toNanos(1));
  }

  /**
   * Waits while {@code condition} holds, looking every {@code step} nanoseconds, at most {@code
   * bound} nanoseconds; not once the GUI has stopped, nor in an interrupted thread (which stays
   * interrupted). Whether the condition still held when the wait gave up.
   */
  private boolean waitWhile(BooleanSupplier condition, long bound, long step) {
    long deadline = System.nanoTime() + bound;
    while (condition.getAsBoolean() && !stopped) {
      if (System.nanoTime() >= deadline || Thread.currentThread().isInterrupted()) {
        return true;
      }
      LockSupport.parkNanos(step);
    }
    return false;
  }

  private void hand() {
    try {
      thread.invokeLater(this::drain);
    } catch (IllegalStateException e) {
      // The GUI has stopped: nobody will read these any more.
      stopped = true;
      Logger.debug("GUI stopped; dropping {} queued events", pending.get());
      queue.clear();
      pending.set(0);
    }
  }

  /**
   * Applies what is queued, in chunks, for at most {@link #BUDGET_NANOS}; the rest waits for the
   * next frame. The screen is redrawn in between and input keeps being read: a flood of deltas
   * never holds the GUI thread for long.
   */
  private void drain() {
    scheduled.set(false);
    // Only a GuiThread says when the batch is on screen, which ends the hold.
    drawing = thread instanceof GuiThread;
    long deadline = System.nanoTime() + BUDGET_NANOS;
    do {
      List<T> chunk = new ArrayList<>(CHUNK);
      T item;
      while (chunk.size() < CHUNK && (item = queue.poll()) != null) {
        chunk.add(item);
      }
      pending.addAndGet(-chunk.size());
      if (!chunk.isEmpty()) {
        apply.accept(chunk);
      }
    } while (!queue.isEmpty() && System.nanoTime() < deadline);
    if (!queue.isEmpty() && scheduled.compareAndSet(false, true)) {
      pacer.schedule(this::hand);
    }
  }
}
