package dev.milktui.core.replay;

/**
 * Keeps a held recording's lines back to back in large arrays rather than one array each. A 170 MB
 * record keeps some 200,000 lines; one array each, the screen's small young generation copied them
 * one by one into fresh pages of the old generation, and those collections were a third of the
 * loading (three quarters when the kernel had no huge page at hand). An array larger than the young
 * generation is made in the old one at once, and the reading thread fills it there.
 */
final class LineArena {
  /**
   * The largest array: larger than the screen's young generation (16 MB, see scripts/milk-tui), so
   * it is made in the old one.
   */
  static final int LARGEST = 24 * 1024 * 1024;

  /** The first array: a short recording takes little more than its own size. */
  static final int FIRST = 64 * 1024;

  private byte[] slab = new byte[0];
  private int used;

  /** The line, copied after the last one. */
  ReplayScript.Line add(byte[] json) {
    if (json.length > LARGEST / 8) {
      return new ReplayScript.Line(json);
    }
    if (slab.length - used < json.length) {
      slab = new byte[Math.min(LARGEST, Math.max(Math.max(FIRST, json.length), slab.length * 2))];
      used = 0;
    }
    System.arraycopy(json, 0, slab, used, json.length);
    ReplayScript.Line line = new ReplayScript.Line(slab, used, json.length);
    used += json.length;
    return line;
  }
}
