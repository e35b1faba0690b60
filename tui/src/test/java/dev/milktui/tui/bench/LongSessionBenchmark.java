package dev.milktui.tui.bench;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.TextCharacter;
import com.googlecode.lanterna.gui2.MultiWindowTextGUI;
import com.googlecode.lanterna.gui2.SameTextGUIThread;
import com.googlecode.lanterna.gui2.Window;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.tui.TuiConfig;
import dev.milktui.tui.TuiController;
import dev.milktui.tui.terminal.TerminalInputScreen;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Long sessions: the real controller on a virtual terminal holds a transcript of 1,000 and then
 * 100,000 lines (with a tool row per ten lines). Measures the heap after GC, the time to draw one
 * frame, and the time to scroll one page, and compares the long session with the short one.
 */
public final class LongSessionBenchmark {
  private static final int REPEATS = 300;

  private LongSessionBenchmark() {}

  /** One UI with a session's worth of content, driven on the calling thread. */
  private static final class Ui {
    final DefaultVirtualTerminal vt = new DefaultVirtualTerminal(new TerminalSize(120, 40));
    final MultiWindowTextGUI gui;
    final TuiController controller;
    Consumer<SessionEvent> listener;

    Ui(Path dir) throws IOException {
      TerminalScreen screen = new TerminalInputScreen(vt);
      screen.startScreen();
      gui = new MultiWindowTextGUI(new SameTextGUIThread.Factory(), screen);
      controller =
          new TuiController(
              gui,
              TuiConfig.defaults().withHistoryFile(dir.resolve("history")),
              (l, resume) -> {
                listener = l;
                return new QuietSession();
              });
      controller.start(Optional.empty());
      pump();
    }

    void pump() throws IOException {
      gui.getGUIThread().processEventsAndUpdate();
    }

    void fill(int lines, int tools) throws IOException {
      int perTurn = 100;
      int turns = lines / perTurn;
      for (int t = 0; t < turns; t++) {
        Turns.turn(listener, t, perTurn, tools / turns);
        pump();
      }
      pump();
    }

    /** Median nanoseconds to redraw everything once. */
    long frame() throws IOException {
      long[] times = new long[REPEATS];
      for (int i = 0; i < REPEATS; i++) {
        for (Window w : gui.getWindows()) {
          w.invalidate();
        }
        long start = System.nanoTime();
        pump();
        times[i] = System.nanoTime() - start;
      }
      return median(times);
    }

    /** Median nanoseconds for one PageUp (and back down) including its redraw. */
    long scroll() throws IOException {
      long[] times = new long[REPEATS];
      for (int i = 0; i < REPEATS; i++) {
        vt.addInput(new KeyStroke(i % 40 < 20 ? KeyType.PageUp : KeyType.PageDown));
        long start = System.nanoTime();
        pump();
        times[i] = System.nanoTime() - start;
      }
      return median(times);
    }

    boolean shows(String text) {
      TerminalSize size = vt.getTerminalSize();
      for (int row = 0; row < size.getRows(); row++) {
        StringBuilder line = new StringBuilder();
        for (int col = 0; col < size.getColumns(); col++) {
          TextCharacter c = vt.getCharacter(col, row);
          line.append(c == null ? " " : c.getCharacterString());
        }
        if (line.indexOf(text) >= 0) {
          return true;
        }
      }
      return false;
    }
  }

  public static void main(String[] args) throws Exception {
    int longLines = Integer.getInteger("bench.lines", 100_000);
    Path dir = Files.createTempDirectory("milk-bench-long");

    long baseHeap = heapAfterGc();
    Ui small = new Ui(dir);
    small.fill(1_000, 100);
    // Warm the drawing code up before timing anything.
    small.frame();
    small.scroll();
    long smallFrame = small.frame();
    long smallScroll = small.scroll();

    Ui big = new Ui(dir);
    big.fill(longLines, longLines / 10);
    long heap = heapAfterGc() - baseHeap;
    long bigFrame = big.frame();
    long bigScroll = big.scroll();
    if (!big.shows("Tools (" + (longLines / 10) + ")")) {
      throw new IllegalStateException("the tool pane does not show every row");
    }
    // Home in the transcript: its title then counts the lines below the first page.
    big.vt.addInput(new KeyStroke(KeyType.Tab));
    big.vt.addInput(new KeyStroke(KeyType.Home));
    big.pump();
    if (!big.shows("Line 0 of turn 0") || !big.shows("more lines (End)")) {
      throw new IllegalStateException("the transcript does not reach back to its first line");
    }

    Figures.info("long.lines", longLines);
    Figures.info("long.tool_rows", longLines / 10);
    Figures.atMost("long.heap_after_gc_mb", heap / 1e6, 256);
    Figures.info("long.frame_ms_at_1000_lines", smallFrame / 1e6);
    Figures.info("long.frame_ms_at_" + longLines + "_lines", bigFrame / 1e6);
    Figures.atMost("long.frame_ratio", (double) bigFrame / smallFrame, 2.0);
    Figures.info("long.scroll_ms_at_1000_lines", smallScroll / 1e6);
    Figures.info("long.scroll_ms_at_" + longLines + "_lines", bigScroll / 1e6);
    Figures.atMost("long.scroll_ratio", (double) bigScroll / smallScroll, 2.0);
    // Both UIs stay reachable until here, so the heap figure holds all of the long one.
    if (small.controller == big.controller) {
      throw new AssertionError();
    }
  }

  private static long heapAfterGc() throws InterruptedException {
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 4; i++) {
      System.gc();
      Thread.sleep(50);
      used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
    }
    return used;
  }

  private static long median(long[] values) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }
}
