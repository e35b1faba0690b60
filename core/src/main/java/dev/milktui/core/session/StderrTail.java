package dev.milktui.core.session;

import java.util.ArrayDeque;
import java.util.Deque;

/** The last lines a process wrote to stderr, bounded in lines and characters. */
final class StderrTail {
  private static final int MAX_LINES = 40;
  private static final int MAX_LINE_CHARS = 2_000;

  private final Deque<String> lines = new ArrayDeque<>();
  private long added;

  synchronized void add(String line) {
    added++;
    String kept = line.length() > MAX_LINE_CHARS ? line.substring(0, MAX_LINE_CHARS) + "…" : line;
    lines.addLast(kept);
    while (lines.size() > MAX_LINES) {
      lines.removeFirst();
    }
  }

  /** How many lines were added so far: it grows while the stream is still being drained. */
  synchronized long added() {
    return added;
  }

  synchronized String text() {
    return String.join("\n", lines);
  }
}
