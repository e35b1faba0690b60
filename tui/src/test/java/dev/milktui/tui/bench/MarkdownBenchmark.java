package dev.milktui.tui.bench;

import dev.milktui.tui.markdown.MarkdownStream;
import dev.milktui.tui.text.StyledLine;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;

/**
 * Markdown streaming cost as the screen sees it: deltas are appended as they come and, once per
 * frame (60 a second, as the frame pacer draws), the lines at the pane's width are asked for and
 * the visible window read. Markdown-heavy text (headings, nested lists, a 50-row table, code
 * blocks) gives deltas per second and the longest single append and render; a 1 MB reply with no
 * newline against the same reply with a newline every 100 chars gives the ratio of their times
 * (linear streaming keeps it near 1). Times are the thread's CPU time, so that a machine shared
 * with other work measures this code rather than its wait for a core; wall times are printed too. A
 * second pass renders after every delta, the worst case, for context.
 */
public final class MarkdownBenchmark {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final int DELTA = 20;
  private static final int WIDTH = 100;
  private static final int VISIBLE = 40;
  private static final long FRAME_NANOS = 1_000_000_000L / 60;

  private MarkdownBenchmark() {}

  public static void main(String[] args) {
    String heavy = heavyDocument(Integer.getInteger("bench.sections", 40));
    for (int i = 0; i < 3; i++) {
      stream(heavy.substring(0, heavy.length() / 2), true);
    }
    Result r = stream(heavy, false);
    Figures.info("markdown_heavy_chars", heavy.length());
    Figures.info("markdown_heavy_frames", r.frames);
    Figures.info("markdown_deltas_per_s_wall", r.deltas / (r.wallNanos / 1e9));
    Figures.atLeast("markdown_deltas_per_s", r.deltas / (r.cpuNanos / 1e9), 20_000);
    Figures.atMost("markdown_longest_append_render_ms", r.longestCpuNanos / 1e6, 50);
    Figures.info("markdown_longest_append_render_wall_ms", r.longestWallNanos / 1e6);
    Result every = stream(heavy, true);
    Figures.info("markdown_render_every_delta_deltas_per_s", every.deltas / (every.cpuNanos / 1e9));
    Figures.info("markdown_render_every_delta_longest_ms", every.longestCpuNanos / 1e6);

    int size = Integer.getInteger("bench.replyBytes", 1 << 20);
    String flat = reply(size, 0);
    String lined = reply(size, 100);
    stream(flat.substring(0, size / 8), true);
    stream(lined.substring(0, size / 8), true);
    Result noNewline = stream(flat, true);
    Result newlines = stream(lined, true);
    Figures.info("markdown_1mb_no_newline_ms", noNewline.cpuNanos / 1e6);
    Figures.info("markdown_1mb_newline_every_100_ms", newlines.cpuNanos / 1e6);
    Figures.atMost(
        "markdown_1mb_no_newline_ratio", (double) noNewline.cpuNanos / newlines.cpuNanos, 2);
    Figures.atMost("markdown_1mb_longest_append_render_ms", noNewline.longestCpuNanos / 1e6, 50);
    System.exit(Figures.allPassed() ? 0 : 1);
  }

  private record Result(
      int deltas,
      int frames,
      long wallNanos,
      long cpuNanos,
      long longestWallNanos,
      long longestCpuNanos) {}

  /** Streams {@code text} in deltas, rendering once per frame or after every delta. */
  private static Result stream(String text, boolean everyDelta) {
    MarkdownStream stream = new MarkdownStream();
    long longestWall = 0;
    long longestCpu = 0;
    long wallStart = System.nanoTime();
    long cpuStart = THREADS.getCurrentThreadCpuTime();
    long lastFrame = wallStart;
    int deltas = 0;
    int frames = 0;
    long sink = 0;
    for (int i = 0; i < text.length(); i += DELTA) {
      long wall0 = System.nanoTime();
      long cpu0 = THREADS.getCurrentThreadCpuTime();
      stream.append(text.substring(i, Math.min(text.length(), i + DELTA)));
      boolean last = i + DELTA >= text.length();
      if (everyDelta || last || wall0 - lastFrame >= FRAME_NANOS) {
        List<StyledLine> lines = stream.lines(WIDTH);
        for (int k = Math.max(0, lines.size() - VISIBLE); k < lines.size(); k++) {
          sink += lines.get(k).spans().size();
        }
        lastFrame = wall0;
        frames++;
      }
      longestWall = Math.max(longestWall, System.nanoTime() - wall0);
      longestCpu = Math.max(longestCpu, THREADS.getCurrentThreadCpuTime() - cpu0);
      deltas++;
    }
    long wall = System.nanoTime() - wallStart;
    long cpu = THREADS.getCurrentThreadCpuTime() - cpuStart;
    if (sink < 0) {
      throw new AssertionError();
    }
    return new Result(deltas, frames, wall, cpu, longestWall, longestCpu);
  }

  /** Sections of what Claude writes: headings, prose with emphasis, lists, a table, code. */
  static String heavyDocument(int sections) {
    StringBuilder md = new StringBuilder();
    for (int s = 0; s < sections; s++) {
      md.append("## Section ").append(s).append(": what changed\n\n");
      md.append("The **build** failed because `Calc.add` rounds *before* summing; see ")
          .append("[the guide](https://example.com/guide/")
          .append(s)
          .append(") for details.\n\n");
      md.append("1. Read the file\n2. Change the rounding\n   - keep the API\n   - add a test\n")
          .append("3. Run `mvn test`\n\n");
      if (s % 4 == 0) {
        md.append("| File | Change | Lines |\n|---|---|---:|\n");
        for (int r = 0; r < 50; r++) {
          md.append("| src/main/java/Calc")
              .append(r)
              .append(".java | rounding moved after the sum | ")
              .append(r * 3 % 17)
              .append(" |\n");
        }
        md.append('\n');
      }
      md.append("```java\n");
      for (int l = 0; l < 12; l++) {
        md.append("    long value")
            .append(l)
            .append(" = Math.round(a * ")
            .append(l)
            .append(") + b; // keep the sum exact\n");
      }
      md.append("```\n\n> Note: measure first, then change one thing.\n\n");
    }
    return md.toString();
  }

  /** Prose of {@code size} chars, with a newline every {@code every} chars (0: none). */
  static String reply(int size, int every) {
    String words = "the quick brown fox jumps over the lazy dog while the build runs again ";
    StringBuilder text = new StringBuilder(size);
    int sinceNewline = 0;
    while (text.length() < size) {
      char c = words.charAt(text.length() % words.length());
      if (every > 0 && sinceNewline >= every && c == ' ') {
        text.append('\n');
        sinceNewline = 0;
      } else {
        text.append(c);
        sinceNewline++;
      }
    }
    return text.toString();
  }
}
