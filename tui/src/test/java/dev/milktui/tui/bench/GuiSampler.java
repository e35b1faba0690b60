package dev.milktui.tui.bench;

import com.googlecode.lanterna.gui2.TextGUIThread;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * With {@code -Dbench.sample=true}: where the GUI thread is, sampled every millisecond, blocked and
 * waiting states included (a CPU profiler misses those), printed as the most frequent stacks.
 */
final class GuiSampler {
  private static final int FRAMES = 200;
  private final Map<String, Integer> stacks = new HashMap<>();
  private final Thread gui;
  private final Thread sampler;
  private volatile boolean running = true;

  private GuiSampler(Thread gui) {
    this.gui = gui;
    this.sampler = new Thread(this::sample, "bench-sampler");
    sampler.setDaemon(true);
  }

  static GuiSampler start(TextGUIThread thread) {
    GuiSampler sampler = new GuiSampler(thread.getThread());
    sampler.sampler.start();
    return sampler;
  }

  private void sample() {
    while (running) {
      Thread.State state = gui.getState();
      StackTraceElement[] frames = gui.getStackTrace();
      String phase = phase(frames);
      String stack =
          state
              + " ["
              + phase
              + "] "
              + Arrays.stream(frames)
                  .limit(FRAMES)
                  .map(f -> f.getClassName().replaceAll(".*\\.", "") + "." + f.getMethodName())
                  .collect(Collectors.joining(" < "));
      stacks.merge(stack, 1, Integer::sum);
      stacks.merge("phase " + state + " " + phase, 1, Integer::sum);
      try {
        Thread.sleep(1);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  /** The outermost milk-tui or Lanterna step the thread is in, read from the bottom. */
  private static String phase(StackTraceElement[] frames) {
    for (int i = frames.length - 1; i >= 0; i--) {
      String method = frames[i].getMethodName();
      String type = frames[i].getClassName().replaceAll(".*\\.", "");
      if (method.equals("updateScreen")
          || type.equals("EventPump")
          || type.startsWith("StreamingBenchmark")) {
        for (int j = i - 1; j >= Math.max(0, i - 4); j--) {
          String inner = frames[j].getClassName().replaceAll(".*\\.", "");
          if (!inner.startsWith("StreamingBenchmark") && !inner.contains("Lambda")) {
            return type + "." + method + " > " + inner + "." + frames[j].getMethodName();
          }
        }
        return type + "." + method;
      }
    }
    return "idle";
  }

  void stopAndPrint() throws InterruptedException {
    running = false;
    sampler.join();
    int total = stacks.values().stream().mapToInt(Integer::intValue).sum();
    System.err.println("GUI thread samples: " + total);
    stacks.entrySet().stream()
        .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
        .limit(40)
        .forEach(e -> System.err.printf("%5d %s%n", e.getValue(), e.getKey()));
  }
}
