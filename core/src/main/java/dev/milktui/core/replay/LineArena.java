package dev.milktui.core.replay;

import java.util.Arrays;

/**
 * Keeps a held recording's lines back to back in large arrays rather than one array each. A 170 MB
 * record keeps some 200,000 lines; one array each, the screen's small young generation copied them
 * one by one into fresh pages of the old generation, in collections that took 60–290 ms of a
 * 0.5–0.75 s loading. An array larger than the young generation can take is made in the old one at
 * once (the first, smaller ones still pass through the young one), and the thread that reads the
 * lines fills it there. Not thread-safe: one per reading thread.
 */
final class LineArena {
  /**
   * The largest array, the heap allowing: larger than the screen's young generation can take (eden
   * and a survivor space, 14.4 MB of its 16 MB, see scripts/milk-tui), so the serial collector
   * makes it in the old generation.
   */
  static final int LARGEST = 16 * 1024 * 1024;

  /** The first array: a short recording takes little more than its own size. */
  static final int FIRST = 64 * 1024;

  private final int largest;
  private byte[] slab = new byte[0];
  private int used;

  /** {@code largest}: the largest array it makes ({@link #largestFor}). */
  LineArena(int largest) {
    this.largest = largest;
  }

  /**
   * The largest array for each of {@code arenas} arenas in a heap of {@code maxMemory} bytes:
   * {@link #LARGEST}, or less, so that their unused tails (each under one array) stay within a
   * sixteenth of the heap however many threads read.
   */
  static int largestFor(long maxMemory, int arenas) {
    return (int) Math.max(FIRST, Math.min(LARGEST, maxMemory / 16 / Math.max(1, arenas)));
  }

  /** The {@code length} bytes from {@code offset}, copied after the last line. */
  ReplayScript.Line add(byte[] bytes, int offset, int length) {
    if (length > largest / 8) {
      return new ReplayScript.Line(Arrays.copyOfRange(bytes, offset, offset + length));
    }
    if (slab.length - used < length) {
      slab = new byte[Math.min(largest, Math.max(Math.max(FIRST, length), slab.length * 2))];
      used = 0;
    }
    System.arraycopy(bytes, offset, slab, used, length);
    ReplayScript.Line line = new ReplayScript.Line(slab, used, length);
    used += length;
    return line;
  }
}
