package dev.milktui.core.protocol;

import java.util.ArrayList;
import java.util.List;

/**
 * One line's bytes while it is read. They are kept in fixed-size chunks and joined once, into an
 * array of exactly the line's length: a buffer that doubles as it grows ends at up to twice the
 * line and copies it again at every step.
 */
final class LineBuffer {
  static final int CHUNK = 64 * 1024;

  private final List<byte[]> fullChunks = new ArrayList<>();
  private byte[] current = new byte[CHUNK];
  private int used;
  private int length;

  /** The caller keeps {@link #length()} within {@code Integer.MAX_VALUE}. */
  void append(byte[] bytes, int offset, int count) {
    while (count > 0) {
      if (used == current.length) {
        fullChunks.add(current);
        current = new byte[CHUNK];
        used = 0;
      }
      int n = Math.min(count, current.length - used);
      System.arraycopy(bytes, offset, current, used, n);
      used += n;
      offset += n;
      count -= n;
      length += n;
    }
  }

  int length() {
    return length;
  }

  /**
   * The line's bytes from index 0 to {@link #length()} (read that first), and the buffer is empty
   * afterwards. A line that fits one chunk comes back in the chunk itself, which the next line
   * reuses: callers are done with it before they append again.
   */
  byte[] take() {
    byte[] line;
    if (fullChunks.isEmpty()) {
      line = current;
    } else {
      line = new byte[length];
      int at = 0;
      for (int i = 0; i < fullChunks.size(); i++) {
        byte[] chunk = fullChunks.set(i, null);
        System.arraycopy(chunk, 0, line, at, chunk.length);
        at += chunk.length;
      }
      System.arraycopy(current, 0, line, at, used);
      fullChunks.clear();
    }
    used = 0;
    length = 0;
    return line;
  }

  void clear() {
    fullChunks.clear();
    used = 0;
    length = 0;
  }
}
