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
import java.util.concurrent.locks.LockSupport;

/**
 * Streaming: a stand-in claude prints a whole synthetic turn (200,000 text deltas, 5,000 tool
 * calls) as fast as the pipe takes it; the real session (reader, accumulator, engine) feeds the
 * real controller, whose coalescing pump and frame pacer draw on an ANSI terminal (its bytes
 * dropped) on Lanterna's own GUI thread. A probe keeps asking the GUI thread to run a no-op and
 * records how long it waited: the longest wait is the longest stall a key press would have seen,
 * the collector's pauses included (scripts/bench runs it with the launcher's compiler and collector
 * flags, so it is the collector a user's screen has). On a shared machine the wall times include
 * other processes' turns; the GUI thread's CPU time within each wait, the redraws' CPU times and
 * the allocation per redraw are the steadier figures.
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
    FlightRecordings.dump();
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
    // Each redraw's wall and CPU time; new ones for the measured turn (GUI thread only).
    Samples[] redrawWall = {new Samples()};
    Samples[] redrawCpu = {new Samples()};
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
            redrawWall[0].add(end - start);
            redrawCpu[0].add(cpu);
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
      long[] guiThreadId = new long[1];
      thread.invokeAndWait(() -> guiThreadId[0] = Thread.currentThread().getId());
      Probe probe = new Probe(thread, guiThreadId[0]);

      // A first, smaller turn warms the JIT up; its figures are shown but not judged.
      probe.start();
      session[0].send("warm up");
      if (!warmedUp.await(5, TimeUnit.MINUTES)) {
        throw new IllegalStateException("the warm-up turn never finished");
      }
      awaitScreen(screen, thread, "warmup" + StreamScript.LAST_WORDS);
      thread.invokeAndWait(() -> {});
      probe.stop();
      Figures.info("streaming.warmup_max_stall_ms", probe.wall().maxMillis());
      textEvents.set(0);
      toolEvents.set(0);
      thread.invokeAndWait(
          () -> {
            redrawWall[0] = new Samples();
            redrawCpu[0] = new Samples();
          });
      probe = new Probe(thread, guiThreadId[0]);
      GcPauses gc = new GcPauses();
      long guiCpuStart = CPU.getThreadCpuTime(guiThreadId[0]);
      long guiAllocStart = CPU.getThreadAllocatedBytes(guiThreadId[0]);
      ThreadAllocations allocations = new ThreadAllocations();
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
      gc.close();
      if (sampler != null) {
        sampler.stopAndPrint();
      }
      long cpu = OS.getProcessCpuTime() - cpuStart;
      long guiCpu = CPU.getThreadCpuTime(guiThreadId[0]) - guiCpuStart;
      long guiAlloc = CPU.getThreadAllocatedBytes(guiThreadId[0]) - guiAllocStart;
      Map<String, Long> allocByRole = allocations.byRole();
      long alloc = allocByRole.values().stream().mapToLong(Long::longValue).sum();
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
      // By thread (numbers taken out of the names): the reader, the session, the GUI thread.
      for (Map.Entry<String, Long> role : allocByRole.entrySet()) {
        if (role.getValue() * 100 >= alloc) {
          Figures.info(
              "streaming.alloc_kb_per_1000_deltas." + role.getKey(),
              role.getValue() / 1e3 / (deltas / 1000.0));
        }
      }
      Figures.info(
          "streaming.ui_thread_alloc_kb_per_redraw", guiAlloc / 1e3 / Math.max(1, redrawCount));
      Figures.atMost(
          "streaming.redraws_per_s", Math.round((redraws.get() - redrawsStart) / seconds), 62);
      // What a key press waited at worst, and 99 times in 100; then the same waits counted in the
      // GUI thread's own CPU time (steady on a shared machine), each redraw's time, and the
      // collector's pauses, which stop every thread.
      Samples wall = probe.wall();
      Samples busy = probe.cpu();
      Figures.atMost("streaming.max_stall_ms", wall.maxMillis(), 16);
      Figures.info("streaming.p99_stall_ms", wall.percentileMillis(99));
      Figures.info("streaming.stalls_measured", wall.count());
      Figures.info("streaming.max_stall_ui_cpu_ms", busy.maxMillis());
      Figures.info("streaming.p99_stall_ui_cpu_ms", busy.percentileMillis(99));
      Figures.info("streaming.max_redraw_ms", redrawWall[0].maxMillis());
      Figures.info("streaming.max_redraw_cpu_ms", redrawCpu[0].maxMillis());
      Figures.info("streaming.p99_redraw_cpu_ms", redrawCpu[0].percentileMillis(99));
      Samples pauses = gc.pauses();
      Figures.info("streaming.gc_pauses", pauses.count());
      Figures.info("streaming.max_gc_pause_ms", pauses.maxMillis());
      System.out.println("streaming.collector=" + gc.collectors());
      // A whole-heap collection now (the transcript of the turn is live): what a full pause of
      // this collector costs, which a long session may meet once its old generation is full.
      long fullStart = System.nanoTime();
      System.gc();
      Figures.info("streaming.full_gc_ms", (System.nanoTime() - fullStart) / 1e6);
      session[0].close();
      ((AsynchronousTextGUIThread) thread).stop();
      screen.stopScreen();
    }
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

  /**
   * Asks the GUI thread to run a no-op 0.1 ms after the last one ran (so a long task or redraw is
   * caught from its start, give or take that) and keeps each wait: its wall time (what a key press
   * would have waited) and the GUI thread's CPU time within it (the same wait without the other
   * processes of a shared machine; a collector's pause is in the first only).
   */
  static final class Probe {
    private final TextGUIThread thread;
    private final long guiThreadId;
    private final Samples wall = new Samples();
    private final Samples cpu = new Samples();
    private volatile boolean running = true;
    private Thread probe;

    Probe(TextGUIThread thread, long guiThreadId) {
      this.thread = thread;
      this.guiThreadId = guiThreadId;
    }

    void start() {
      probe =
          new Thread(
              () -> {
                while (running) {
                  long posted = System.nanoTime();
                  long cpuPosted = CPU.getThreadCpuTime(guiThreadId);
                  CountDownLatch ran = new CountDownLatch(1);
                  thread.invokeLater(
                      () -> {
                        long waited = System.nanoTime() - posted;
                        long busy = CPU.getCurrentThreadCpuTime() - cpuPosted;
                        synchronized (this) {
                          wall.add(waited);
                          cpu.add(busy);
                        }
                        ran.countDown();
                      });
                  try {
                    ran.await();
                    LockSupport.parkNanos(100_000);
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

    synchronized Samples wall() {
      return wall;
    }

    synchronized Samples cpu() {
      return cpu;
    }
  }
}
