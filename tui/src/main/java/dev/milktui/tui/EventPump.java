package dev.milktui.tui;

import com.googlecode.lanterna.gui2.TextGUIThread;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.tinylog.Logger;

/**
 * Carries items from background threads to the GUI thread in batches: items queue up, and only one
 * drain task is pending at a time, so a burst of deltas becomes one redraw.
 */
final class EventPump<T> {
  private final ConcurrentLinkedQueue<T> queue = new ConcurrentLinkedQueue<>();
  private final AtomicBoolean scheduled = new AtomicBoolean();
  private final TextGUIThread thread;
  private final FramePacer pacer;
  private final Consumer<List<T>> apply;

  EventPump(TextGUIThread thread, FramePacer pacer, Consumer<List<T>> apply) {
    this.thread = thread;
    this.pacer = pacer;
    this.apply = apply;
  }

  /** Any thread; never blocks. */
  void post(T item) {
    queue.add(item);
    if (scheduled.compareAndSet(false, true)) {
      pacer.schedule(this::hand);
    }
  }

  private void hand() {
    try {
      thread.invokeLater(this::drain);
    } catch (IllegalStateException e) {
      // The GUI has stopped: nobody will read these any more.
      Logger.debug("GUI stopped; dropping {} queued events", queue.size());
      queue.clear();
    }
  }

  private void drain() {
    scheduled.set(false);
    List<T> batch = new ArrayList<>();
    T item;
    while ((item = queue.poll()) != null) {
      batch.add(item);
    }
    if (!batch.isEmpty()) {
      apply.accept(batch);
    }
  }
}
