package dev.milktui.core.replay;

import java.util.Arrays;

/**
 * Keeps a held recording's lines back to back in large arrays rather than one array each. A 170 MB
 * record keeps some 200,000 lines; one array each, the screen's small young generation copied them
 * one by one into fresh pages of the old generation, in collections that took 60–290 ms of a
 * 0.5–0.75 s loading. An array larger than the young generation is made in the old one at once, and
 * the thread that reads the lines fills it there. Not thread-safe: one per reading thread.
 */
final class LineArena {
  /**
   * The largest array: larger than the screen's young generation can take (eden and a survivor
   * space, 14.4 MB of its 16 MB, see scripts/milk-tui), so the serial collector makes it in the old
   * generation.
   */
  static final int LARGEST = 16 * 1024 * 1024;

  /** The first array: a short recording takes little more than its own size. */
  static final int FIRST = 64 * 1024;

  private byte[] slab = new byte[0];
  private int used;

  /** The {@code length} bytes from {@code offset}, copied after the last line. */
  ReplayScript.Line add(byte[] bytes, int offset, int length) {
    if (length > LARGEST / 8) {
      return new ReplayScript.Line(Arrays.copyOfRange(bytes, offset, offset + length));
    }
    if (slab.length - used < length) {
      slab = new byte[Math.min(LARGEST, Math.max(Math.max(FIRST, length), slab.length * 2))];
      used = 0;
    }
    System.arraycopy(bytes, offset, slab, used, length);
    ReplayScript.Line line = new ReplayScript.Line(slab, used, length);
    used += length;
    return line;
  }
}
