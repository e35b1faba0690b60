package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.gui2.TextGUIThread;
import dev.milktui.core.testkit.Threads;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class EventPumpTest {
  /** A GUI thread run by hand: tasks wait until the test runs them, on the test's thread. */
  private static final class ManualGuiThread implements TextGUIThread {
    final Deque<Runnable> tasks = new ConcurrentLinkedDeque<>();
    final Thread owner = Thread.currentThread();
    boolean stopped;

    @Override
    public void invokeLater(Runnable runnable) {
      if (stopped) {
        throw new IllegalStateException("stopped");
      }
      tasks.add(runnable);
    }

    @Override
    public boolean processEventsAndUpdate() {
      Runnable task;
      boolean ran = false;
      while ((task = tasks.poll()) != null) {
        task.run();
        ran = true;
      }
      return ran;
    }

    @Override
    public void invokeAndWait(Runnable runnable) {
      runnable.run();
    }

    @Override
    public void setExceptionHandler(ExceptionHandler exceptionHandler) {}

    @Override
    public Thread getThread() {
      return owner;
    }
  }

  /** Frames run when the test says so. */
  private static final class ManualPacer implements FramePacer {
    final Deque<Runnable> frames = new ConcurrentLinkedDeque<>();

    @Override
    public void schedule(Runnable frame) {
      frames.add(frame);
    }

    boolean frame(ManualGuiThread gui) {
      Runnable frame = frames.poll();
      if (frame == null) {
        return false;
      }
      frame.run();
      gui.processEventsAndUpdate();
      return true;
    }
  }

  private final ManualGuiThread gui = new ManualGuiThread();
  private final ManualPacer pacer = new ManualPacer();

  @Test
  void aSlowBatchIsAppliedInSlicesAndTheRestWaitsForTheNextFrame() {
    List<List<Integer>> applied = new ArrayList<>();
    EventPump<Integer> pump =
        new EventPump<>(
            gui,
            pacer,
            chunk -> {
              applied.add(List.copyOf(chunk));
              sleep(TimeUnit.NANOSECONDS.toMillis(EventPump.BUDGET_NANOS) + 1);
            });
    for (int i = 0; i < 1_000; i++) {
      pump.post(i);
    }

    assertThat(pacer.frame(gui)).isTrue();
    assertThat(applied).as("one slice over the budget, then the frame is drawn").hasSize(1);
    int frames = 1;
    while (pacer.frame(gui)) {
      frames++;
    }
    assertThat(frames).isGreaterThan(1);
    List<Integer> all = new ArrayList<>();
    applied.forEach(all::addAll);
    assertThat(all).as("every item once, in order").hasSize(1_000).isSorted();
  }

  /** A thread posting more than the pump holds, once it waits for room. */
  private Thread waitingFlood(EventPump<Integer> pump) throws InterruptedException {
    Thread poster =
        Threads.started(
            () -> {
              for (int i = 0; i <= EventPump.MAX_PENDING + 10; i++) {
                pump.post(i);
              }
            });
    Threads.awaitState(poster, Thread.State.TIMED_WAITING);
    return poster;
  }

  @Test
  void aPosterWaitsWhileTooManyItemsWaitAndGoesOnOnceTheyAreDrawn() throws Exception {
    EventPump<Integer> pump = new EventPump<>(gui, pacer, chunk -> {});
    Thread poster = waitingFlood(pump);
    assertThat(poster.isAlive()).as("the flood waits for the screen").isTrue();

    while (poster.isAlive()) {
      pacer.frame(gui);
      gui.processEventsAndUpdate();
      poster.join(10);
    }
  }

  /**
   * Nobody else drains this pump, and any other poster would wait for room for a day: if the GUI
   * thread waited as other posters do, it would wait for itself, and the test would time out.
   */
  @Test
  @Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void theGuiThreadItselfNeverWaits() {
    ManualGuiThread self = new ManualGuiThread();
    List<Integer> applied = new ArrayList<>();
    EventPump<Integer> pump =
        new EventPump<>(self, pacer, applied::addAll, Duration.ofDays(1), Duration.ofDays(1));
    for (int i = 0; i <= EventPump.MAX_PENDING + 10; i++) {
      pump.post(i);
    }
    while (pacer.frame(self)) {
      // drains everything posted
    }
    assertThat(applied).hasSize(EventPump.MAX_PENDING + 11);
  }

  @Test
  void aStoppedGuiLetsAWaitingPosterGo() throws Exception {
    EventPump<Integer> pump = new EventPump<>(gui, pacer, chunk -> {});
    Thread poster = waitingFlood(pump);
    gui.stopped = true;
    pacer.frame(gui);
    Threads.awaitEnd(poster);
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
