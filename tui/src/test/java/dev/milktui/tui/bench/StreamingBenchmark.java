package dev.milktui.tui.bench;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.gui2.AsynchronousTextGUIThread;
import com.googlecode.lanterna.gui2.DefaultWindowManager;
import com.googlecode.lanterna.gui2.MultiWindowTextGUI;
import com.googlecode.lanterna.gui2.TextGUIThread;
import com.googlecode.lanterna.screen.TerminalScreen;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.GrantPersister;
import dev.milktui.core.session.ClaudeSession;
import dev.milktui.core.session.LaunchSpec;
import dev.milktui.core.session.SessionRecorder;
import dev.milktui.core.testkit.StandInClaude;
import dev.milktui.tui.CoveredBackdrop;
import dev.milktui.tui.GuiThread;
import dev.milktui.tui.PacedFrames;
import dev.milktui.tui.TuiConfig;
import dev.milktui.tui.TuiController;
import dev.milktui.tui.terminal.TerminalInputScreen;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Streaming: a stand-in claude prints a whole synthetic turn (200,000 text deltas, 5,000 tool
 * calls) as fast as the pipe takes it; the real session (reader, accumulator, engine) feeds the
 * real controller, whose coalescing pump and frame pacer draw on an ANSI terminal (its bytes
 * dropped) on Lanterna's own GUI thread. A probe keeps asking the GUI thread to run a no-op and
 * records how long it waited: the longest wait is the longest stall a key press would have seen.
 */
public final class StreamingBenchmark {
  private static final com.sun.management.OperatingSystemMXBean OS =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private static final com.sun.management.ThreadMXBean CPU =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private StreamingBenchmark() {}

  public static void main(String[] args) throws Exception {
    int status;
    try {
      run();
      status = 0;
    } catch (Throwable e) {
      e.printStackTrace();
      status = 2;
    }
    // Lanterna's GUI thread is not a daemon; a failed run must still end.
    System.out.flush();
    System.err.flush();
    Runtime.getRuntime().halt(status);
  }

  private static void run() throws Exception {
    int deltas = Integer.getInteger("bench.deltas", 200_000);
    int tools = Integer.getInteger("bench.tools", 5_000);
    Path dir = Files.createTempDirectory("milk-bench-stream");
    int warmDeltas = Integer.getInteger("bench.warmupDeltas", 20_000);
    Path warmup = dir.resolve("warmup.ndjson");
    StreamScript.write(warmup, warmDeltas, warmDeltas / 40, "warmup");
    Path stream = dir.resolve("turn.ndjson");
    StreamScript.write(stream, deltas, tools, "bench");
    Path claude = dir.resolve("claude");
    Files.writeString(
        claude,
        "#!/usr/bin/env bash\n"
            + StandInClaude.NEXT_LINE
            + "next_line\ncat '"
            + warmup
            + "'\nnext_line\ncat '"
            + stream
            + "'\nwhile next_line; do :; done\n");
    Files.setPosixFilePermissions(claude, PosixFilePermissions.fromString("rwx------"));

    // An ANSI terminal, as in use: every frame is encoded into bytes (and then dropped).
    TerminalScreen screen = new TerminalInputScreen(CountingAnsiTerminal.of(120, 40));
    screen.startScreen();
    AtomicInteger redraws = new AtomicInteger();
    AtomicLong longestRedrawNanos = new AtomicLong();
    AtomicLong lastRedrawEnd = new AtomicLong();
    MultiWindowTextGUI gui =
        new MultiWindowTextGUI(
            GuiThread.factory(), screen, new DefaultWindowManager(), null, new CoveredBackdrop()) {
          @Override
          public synchronized void updateScreen() throws IOException {
            long start = System.nanoTime();
            long cpuStart = CPU.getCurrentThreadCpuTime();
            super.updateScreen();
            long end = System.nanoTime();
            long cpu = CPU.getCurrentThreadCpuTime() - cpuStart;
            redraws.incrementAndGet();
            longestRedrawNanos.accumulateAndGet(end - start, Math::max);
            if (Boolean.getBoolean("bench.trace") && end - start > 20_000_000) {
              System.err.printf(
                  "redraw #%d at %d ms took %.1f ms (%.1f ms on the CPU)%n",
                  redraws.get(),
                  ManagementFactory.getRuntimeMXBean().getUptime(),
                  (end - start) / 1e6,
                  cpu / 1e6);
            }
            lastRedrawEnd.set(end);
          }
        };
    CountDownLatch warmedUp = new CountDownLatch(1);
    CountDownLatch finished = new CountDownLatch(2);
    AtomicInteger textEvents = new AtomicInteger();
    AtomicInteger toolEvents = new AtomicInteger();
    ClaudeSession[] session = new ClaudeSession[1];
    LaunchSpec spec =
        LaunchSpec.defaults(claude, dir).withEnvironment(Map.of("PATH", System.getenv("PATH")));
    try (PacedFrames frames = new PacedFrames()) {
      TuiController controller =
          new TuiController(
              gui,
              TuiConfig.defaults().withPacer(frames).withHistoryFile(dir.resolve("history")),
              (listener, resume) -> {
                session[0] =
                    new ClaudeSession(
                        spec,
                        event -> {
                          if (event instanceof SessionEvent.TextDelta) {
                            textEvents.incrementAndGet();
                          } else if (event instanceof SessionEvent.ToolStarted
                              || event instanceof SessionEvent.ToolInputReady
                              || event instanceof SessionEvent.ToolFinished) {
                            toolEvents.incrementAndGet();
                          }
                          listener.accept(event);
                          if (event instanceof SessionEvent.TurnFinished) {
                            warmedUp.countDown();
                            finished.countDown();
                          }
                        },
                        GrantPersister.REFUSE,
                        SessionRecorder.NONE);
                return session[0];
              });
      TextGUIThread thread = gui.getGUIThread();
      ((AsynchronousTextGUIThread) thread).start();
      thread.invokeAndWait(() -> controller.start(Optional.empty()));
      Probe probe = new Probe(thread);

      // A first, smaller turn warms the JIT up; its figures are shown but not judged.
      probe.start();
      session[0].send("warm up");
      if (!warmedUp.await(5, TimeUnit.MINUTES)) {
        throw new IllegalStateException("the warm-up turn never finished");
      }
      awaitScreen(screen, thread, "warmup" + StreamScript.LAST_WORDS);
      thread.invokeAndWait(() -> {});
      probe.stop();
      Figures.info("streaming.warmup_longest_ui_stall_ms", probe.longestMillis());
      textEvents.set(0);
      toolEvents.set(0);
      longestRedrawNanos.set(0);
      probe = new Probe(thread);

      long[] guiThreadId = new long[1];
      thread.invokeAndWait(() -> guiThreadId[0] = Thread.currentThread().getId());
      long guiCpuStart = CPU.getThreadCpuTime(guiThreadId[0]);
      long guiAllocStart = CPU.getThreadAllocatedBytes(guiThreadId[0]);
      Map<Long, Long> allocStart = allocatedByThread();
      long cpuStart = OS.getProcessCpuTime();
      int redrawsStart = redraws.get();
      long start = System.nanoTime();
      if (Boolean.getBoolean("bench.trace")) {
        System.err.println("measuring from " + ManagementFactory.getRuntimeMXBean().getUptime());
      }
      GuiSampler sampler = Boolean.getBoolean("bench.sample") ? GuiSampler.start(thread) : null;
      probe.start();
      session[0].send("stream, please");
      if (!finished.await(10, TimeUnit.MINUTES)) {
        throw new IllegalStateException("the turn never finished");
      }
      // The pump hands the last batch over a frame later; the run ends when it is on screen.
      awaitScreen(screen, thread, "bench" + StreamScript.LAST_WORDS);
      thread.invokeAndWait(() -> {});
      long end = lastRedrawEnd.get();
      probe.stop();
      if (sampler != null) {
        sampler.stopAndPrint();
      }
      long cpu = OS.getProcessCpuTime() - cpuStart;
      long guiCpu = CPU.getThreadCpuTime(guiThreadId[0]) - guiCpuStart;
      long guiAlloc = CPU.getThreadAllocatedBytes(guiThreadId[0]) - guiAllocStart;
      long alloc = allocatedSince(allocStart);
      int redrawCount = redraws.get() - redrawsStart;
      double seconds = (end - start) / 1e9;

      if (textEvents.get() != deltas) {
        throw new IllegalStateException("lost text: " + textEvents.get() + " of " + deltas);
      }
      Figures.info("streaming.deltas", deltas);
      Figures.info("streaming.tool_events", toolEvents.get());
      Figures.info("streaming.seconds", seconds);
      Figures.atLeast("streaming.deltas_per_s", Math.round(deltas / seconds), 50_000);
      Figures.info("streaming.cpu_ms_per_1000_deltas", cpu / 1e6 / (deltas / 1000.0));
      Figures.info("streaming.ui_thread_cpu_ms_per_1000_deltas", guiCpu / 1e6 / (deltas / 1000.0));
      // Allocation does not depend on how busy the machine is: it shows a change where times are
      // noise.
      Figures.info("streaming.alloc_mb_per_1000_deltas", alloc / 1e6 / (deltas / 1000.0));
      Figures.info(
          "streaming.ui_thread_alloc_kb_per_redraw", guiAlloc / 1e3 / Math.max(1, redrawCount));
      Figures.atMost(
          "streaming.redraws_per_s", Math.round((redraws.get() - redrawsStart) / seconds), 62);
      Figures.atMost("streaming.longest_ui_stall_ms", probe.longestMillis(), 50);
      Figures.info("streaming.longest_redraw_ms", longestRedrawNanos.get() / 1e6);
      session[0].close();
      ((AsynchronousTextGUIThread) thread).stop();
      screen.stopScreen();
    }
  }

  /** Bytes each live thread has allocated so far, by thread id. */
  private static Map<Long, Long> allocatedByThread() {
    long[] ids = CPU.getAllThreadIds();
    long[] bytes = CPU.getThreadAllocatedBytes(ids);
    Map<Long, Long> byThread = new java.util.HashMap<>();
    for (int i = 0; i < ids.length; i++) {
      byThread.put(ids[i], bytes[i]);
    }
    return byThread;
  }

  /** Bytes allocated since {@code start} by threads alive now (the turn's threads live on). */
  private static long allocatedSince(Map<Long, Long> start) {
    long total = 0;
    for (Map.Entry<Long, Long> now : allocatedByThread().entrySet()) {
      if (now.getValue() > 0) {
        total += now.getValue() - start.getOrDefault(now.getKey(), 0L);
      }
    }
    return total;
  }

  /** A minute at most: the last words reach the screen a frame after their turn finished. */
  private static void awaitScreen(TerminalScreen screen, TextGUIThread thread, String text)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
    while (!screenContains(screen, thread, text)) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("never shown: " + text);
      }
      Thread.sleep(1);
    }
  }

  /** What the screen last sent to the terminal, read on the GUI thread that writes it. */
  private static boolean screenContains(TerminalScreen screen, TextGUIThread thread, String text)
      throws InterruptedException {
    boolean[] found = new boolean[1];
    thread.invokeAndWait(
        () -> {
          TerminalSize size = screen.getTerminalSize();
          for (int row = 0; row < size.getRows() && !found[0]; row++) {
            StringBuilder line = new StringBuilder();
            for (int col = 0; col < size.getColumns(); col++) {
              line.append(screen.getFrontCharacter(col, row).getCharacterString());
            }
            found[0] = line.indexOf(text) >= 0;
          }
        });
    return found[0];
  }

  /** Asks the GUI thread to run a no-op every 2 ms and keeps the longest wait. */
  static final class Probe {
    private final TextGUIThread thread;
    private final AtomicLong longest = new AtomicLong();
    private volatile boolean running = true;
    private Thread probe;

    Probe(TextGUIThread thread) {
      this.thread = thread;
    }

    void start() {
      probe =
          new Thread(
              () -> {
                while (running) {
                  long posted = System.nanoTime();
                  CountDownLatch ran = new CountDownLatch(1);
                  thread.invokeLater(
                      () -> {
                        longest.accumulateAndGet(System.nanoTime() - posted, Math::max);
                        ran.countDown();
                      });
                  try {
                    ran.await();
                    Thread.sleep(2);
                  } catch (InterruptedException e) {
                    return;
                  }
                }
              },
              "bench-probe");
      probe.setDaemon(true);
      probe.start();
    }

    void stop() throws InterruptedException {
      running = false;
      probe.join(1000);
    }

    double longestMillis() {
      return longest.get() / 1e6;
    }
  }
}
