package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.DefaultWindowManager;
import com.googlecode.lanterna.gui2.MultiWindowTextGUI;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Posters hold off while a batch they handed over is being drawn, on the real GUI thread. */
@Timeout(60)
class EventPumpFrameHoldTest {
  /** A screen whose redraw after an applied batch waits until the test lets it end. */
  private static final class HeldGui extends MultiWindowTextGUI {
    final AtomicBoolean batchApplied = new AtomicBoolean();
    final CountDownLatch drawing = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    volatile boolean drawn;

    HeldGui(TerminalScreen screen) {
      super(GuiThread.factory(), screen, new DefaultWindowManager(), null, new CoveredBackdrop());
    }

    @Override
    public boolean isPendingUpdate() {
      return batchApplied.get() || super.isPendingUpdate();
    }

    @Override
    public synchronized void updateScreen() throws IOException {
      super.updateScreen();
      if (batchApplied.getAndSet(false)) {
        drawing.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        drawn = true;
      }
    }
  }

  private HeldGui gui;
  private GuiThread thread;

  private void start() throws IOException {
    TerminalScreen screen = new TerminalScreen(new DefaultVirtualTerminal(new TerminalSize(20, 5)));
    screen.startScreen();
    gui = new HeldGui(screen);
    thread = (GuiThread) gui.getGUIThread();
    thread.start();
  }

  @AfterEach
  void stop() throws InterruptedException {
    gui.release.countDown();
    thread.stop();
    thread.waitForStop(30, TimeUnit.SECONDS);
  }

  /** A pump whose first batch has been applied and is now being drawn, held there. */
  private EventPump<Integer> pumpDrawingItsFirstBatch(Duration frameHold) throws Exception {
    EventPump<Integer> pump =
        new EventPump<>(
            thread,
            FramePacer.immediate(),
            batch -> gui.batchApplied.set(true),
            Duration.ofDays(1),
            frameHold);
    pump.post(1);
    assertThat(gui.drawing.await(30, TimeUnit.SECONDS)).isTrue();
    return pump;
  }

  /** Posts {@code item} on a thread of its own, then runs {@code then} there and counts down. */
  private static Thread postInBackground(
      EventPump<Integer> pump, int item, Runnable then, CountDownLatch posted) {
    Thread poster =
        new Thread(
            () -> {
              pump.post(item);
              then.run();
              posted.countDown();
            },
            "test-poster");
    poster.start();
    return poster;
  }

  @Test
  void aPosterWaitsUntilTheBatchItHandedOverIsOnScreen() throws Exception {
    start();
    EventPump<Integer> pump = pumpDrawingItsFirstBatch(Duration.ofDays(1));
    CountDownLatch posted = new CountDownLatch(1);
    AtomicBoolean drawnWhenPosted = new AtomicBoolean();
    Thread poster = postInBackground(pump, 2, () -> drawnWhenPosted.set(gui.drawn), posted);
    assertThat(posted.await(200, TimeUnit.MILLISECONDS))
        .as("the poster holds off while the frame is drawn")
        .isFalse();

    gui.release.countDown();
    assertThat(posted.await(30, TimeUnit.SECONDS)).isTrue();
    assertThat(drawnWhenPosted).as("it went on once the frame was on screen").isTrue();
    poster.join();
  }

  @Test
  void aFrameThatNeverEndsHoldsAPosterOnceAndNoLongerThanTheLimit() throws Exception {
    start();
    EventPump<Integer> pump = pumpDrawingItsFirstBatch(Duration.ofMillis(20));
    CountDownLatch posted = new CountDownLatch(1);
    Thread poster = postInBackground(pump, 2, () -> {}, posted);
    assertThat(posted.await(30, TimeUnit.SECONDS))
        .as("the poster went on although the frame is still being drawn")
        .isTrue();
    poster.join();
    long begin = System.nanoTime();
    for (int i = 3; i < 103; i++) {
      pump.post(i);
    }
    assertThat(gui.drawn).as("the frame is still being drawn").isFalse();
    assertThat(Duration.ofNanos(System.nanoTime() - begin))
        .as("a hundred more posts during the same frame are not held again")
        .isLessThan(Duration.ofMillis(20 * 100));
  }

  @Test
  void theGuiThreadPostingWhileItsBatchIsDrawnNeverHoldsOff() throws Exception {
    start();
    AtomicReference<EventPump<Integer>> pump = new AtomicReference<>();
    CountDownLatch postedFromGui = new CountDownLatch(1);
    pump.set(
        new EventPump<>(
            thread,
            FramePacer.immediate(),
            batch -> {
              if (batch.contains(1)) {
                // Applied in a drain, so the batch counts as being drawn: an endless hold here
                // would never end, as this thread draws it.
                pump.get().post(2);
                postedFromGui.countDown();
              }
            },
            Duration.ofDays(1),
            Duration.ofDays(1)));
    pump.get().post(1);
    assertThat(postedFromGui.await(30, TimeUnit.SECONDS)).isTrue();
  }
}
