package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.AsynchronousTextGUIThread;
import com.googlecode.lanterna.gui2.DefaultWindowManager;
import com.googlecode.lanterna.gui2.MultiWindowTextGUI;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class GuiThreadTest {
  private static GuiThread started() throws Exception {
    TerminalScreen screen = new TerminalScreen(new DefaultVirtualTerminal(new TerminalSize(20, 5)));
    screen.startScreen();
    MultiWindowTextGUI gui =
        new MultiWindowTextGUI(
            GuiThread.factory(), screen, new DefaultWindowManager(), null, new CoveredBackdrop());
    GuiThread thread = (GuiThread) gui.getGUIThread();
    thread.start();
    return thread;
  }

  @Test
  void aThreadWhoseFirstFrameIsQuickStillRunsTasksEveryTime() throws Exception {
    // Lanterna's own thread ended at once about once in a hundred starts like these.
    for (int i = 0; i < 300; i++) {
      GuiThread thread = started();
      CountDownLatch ran = new CountDownLatch(1);
      thread.invokeLater(ran::countDown);
      assertThat(ran.await(30, TimeUnit.SECONDS)).as("start %d ran its task", i).isTrue();
      thread.stop();
      thread.waitForStop();
      assertThat(thread.ended()).isDone();
    }
  }

  @Test
  void aStoppedThreadTakesNoMoreTasksAndSaysItEnded() throws Exception {
    GuiThread thread = started();
    assertThat(thread.getThread().getName()).isEqualTo(GuiThread.NAME);
    thread.stop();
    thread.waitForStop(30, TimeUnit.SECONDS);
    assertThat(thread.getState()).isEqualTo(AsynchronousTextGUIThread.State.STOPPED);
    assertThat(thread.ended()).isDone();
    assertThatThrownBy(() -> thread.invokeLater(() -> {}))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void whatRunsAfterEachPassRunsOnTheGuiThreadOnceThePassTasksHaveRun() throws Exception {
    GuiThread thread = started();
    List<String> order = new CopyOnWriteArrayList<>();
    AtomicReference<Thread> ranOn = new AtomicReference<>();
    CountDownLatch ended = new CountDownLatch(1);
    thread.afterEachPass(
        () -> {
          if (order.contains("task") && !order.contains("end")) {
            order.add("end");
            ranOn.set(Thread.currentThread());
            ended.countDown();
          }
        });
    thread.invokeLater(() -> order.add("task"));
    assertThat(ended.await(30, TimeUnit.SECONDS)).isTrue();
    assertThat(order).containsExactly("task", "end");
    assertThat(ranOn.get()).isSameAs(thread.getThread());
    thread.stop();
    thread.waitForStop();
  }
}
