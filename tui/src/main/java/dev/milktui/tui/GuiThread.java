package dev.milktui.tui;

import com.googlecode.lanterna.gui2.AbstractTextGUIThread;
import com.googlecode.lanterna.gui2.AsynchronousTextGUIThread;
import com.googlecode.lanterna.gui2.TextGUI;
import com.googlecode.lanterna.gui2.TextGUIThreadFactory;
import com.googlecode.lanterna.gui2.Window;
import com.googlecode.lanterna.gui2.WindowBasedTextGUI;
import java.io.EOFException;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The thread that owns the screen: runs queued tasks, reads keys and redraws, as Lanterna's own
 * {@code SeparateTextGUIThread} does, with one difference that matters. Lanterna's starts its
 * thread before it marks itself started; a thread quick enough to draw its first frame before that
 * saw itself not started and ended at once, silently, leaving the screen frozen and the launcher
 * waiting forever (seen once in a hundred starts). Here the state is set first.
 */
public final class GuiThread extends AbstractTextGUIThread implements AsynchronousTextGUIThread {
  static final String NAME = "milk-tui-gui";

  private final Thread thread;
  private final CompletableFuture<Void> ended = new CompletableFuture<>();
  private final List<Runnable> passEnds = new CopyOnWriteArrayList<>();
  private volatile State state = State.CREATED;

  private GuiThread(TextGUI gui) {
    super(gui);
    thread = new Thread(this::loop, NAME);
  }

  /** For {@code MultiWindowTextGUI}'s constructor. */
  public static TextGUIThreadFactory factory() {
    return GuiThread::new;
  }

  @Override
  public void start() {
    state = State.STARTED;
    thread.start();
  }

  @Override
  public void stop() {
    if (state == State.STARTED) {
      state = State.STOPPING;
    }
  }

  @Override
  public void waitForStop() throws InterruptedException {
    try {
      ended.get();
    } catch (ExecutionException e) {
      // It ended by an error, which its uncaught-exception handler reports.
    }
  }

  @Override
  public void waitForStop(long time, TimeUnit unit) throws InterruptedException {
    try {
      ended.get(time, unit);
    } catch (ExecutionException | TimeoutException e) {
      // Stopped or not, the caller goes on.
    }
  }

  /** Completes when the thread has ended: exceptionally with what ended it, if anything did. */
  public CompletableFuture<Void> ended() {
    return ended;
  }

  @Override
  public State getState() {
    return state;
  }

  /**
   * Runs {@code task} on this thread after every pass of its loop, once the pass's tasks have run
   * and the screen is drawn: what was handed over in a pass is on screen by then.
   */
  public void afterEachPass(Runnable task) {
    passEnds.add(task);
  }

  @Override
  public Thread getThread() {
    return thread;
  }

  @Override
  public void invokeLater(Runnable runnable) {
    if (state != State.STARTED) {
      throw new IllegalStateException("the GUI thread is " + state + "; cannot run " + runnable);
    }
    super.invokeLater(runnable);
  }

  private void loop() {
    try {
      firstFrame();
      while (state == State.STARTED) {
        try {
          boolean drew = processEventsAndUpdate();
          passEnds.forEach(Runnable::run);
          if (!drew) {
            Thread.sleep(1);
          }
        } catch (EOFException e) {
          // The terminal's input ended: nothing can be answered any more.
          stop();
          if (textGUI instanceof WindowBasedTextGUI windows) {
            List.copyOf(windows.getWindows()).forEach(Window::close);
          }
        } catch (IOException e) {
          if (exceptionHandler.onIOException(e)) {
            stop();
          }
        } catch (RuntimeException e) {
          if (exceptionHandler.onRuntimeException(e)) {
            stop();
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          stop();
        }
      }
    } catch (Error | RuntimeException e) {
      // Still reaches the uncaught-exception handler; the launcher learns it from here first.
      ended.completeExceptionally(e);
      throw e;
    } finally {
      state = State.STOPPED;
      ended.complete(null);
    }
  }

  private void firstFrame() {
    try {
      textGUI.updateScreen();
    } catch (IOException e) {
      exceptionHandler.onIOException(e);
    } catch (RuntimeException e) {
      exceptionHandler.onRuntimeException(e);
    }
  }
}
