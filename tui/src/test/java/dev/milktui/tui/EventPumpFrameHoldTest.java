package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.DefaultWindowManager;
import com.googlecode.lanterna.gui2.MultiWindowTextGUI;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
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

  private EventPump<Integer> pump(List<Integer> applied, Duration frameHold) {
    return new EventPump<>(
        thread,
        FramePacer.immediate(),
        batch -> {
          applied.addAll(batch);
          gui.batchApplied.set(true);
        },
        Duration.ofDays(1),
        frameHold);
  }

  @Test
  void aPosterWaitsUntilTheBatchItHandedOverIsOnScreen() throws Exception {
    start();
    List<Integer> applied = new CopyOnWriteArrayList<>();
    EventPump<Integer> pump = pump(applied, Duration.ofDays(1));
    pump.post(1);
    assertThat(gui.drawing.await(30, TimeUnit.SECONDS)).isTrue();

    CountDownLatch posted = new CountDownLatch(1);
    AtomicBoolean drawnWhenPosted = new AtomicBoolean();
    Thread poster =
        new Thread(
            () -> {
              pump.post(2);
              drawnWhenPosted.set(gui.drawn);
              posted.countDown();
            },
            "test-poster");
    poster.start();
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
    List<Integer> applied = new CopyOnWriteArrayList<>();
    EventPump<Integer> pump = pump(applied, Duration.ofMillis(20));
    pump.post(1);
    assertThat(gui.drawing.await(30, TimeUnit.SECONDS)).isTrue();

    CountDownLatch posted = new CountDownLatch(1);
    Thread poster =
        new Thread(
            () -> {
              pump.post(2);
              posted.countDown();
            },
            "test-poster");
    poster.start();
    assertThat(posted.await(30, TimeUnit.SECONDS))
        .as("the poster went on although the frame is still being drawn")
        .isTrue();
    poster.join();
    long start = System.nanoTime();
    for (int i = 3; i < 103; i++) {
      pump.post(i);
    }
    assertThat(gui.drawn).as("the frame is still being drawn").isFalse();
    assertThat(Duration.ofNanos(System.nanoTime() - start))
        .as("a hundred more posts during the same frame are not held again")
        .isLessThan(Duration.ofMillis(20 * 100));
  }

  @Test
  void theGuiThreadItselfNeverHoldsOff() throws Exception {
    start();
    List<Integer> applied = new CopyOnWriteArrayList<>();
    EventPump<Integer> pump = pump(applied, Duration.ofDays(1));
    CountDownLatch postedFromGui = new CountDownLatch(1);
    thread.invokeLater(
        () -> {
          pump.post(1);
          pump.post(2);
          postedFromGui.countDown();
        });
    assertThat(postedFromGui.await(30, TimeUnit.SECONDS)).isTrue();
  }
}
