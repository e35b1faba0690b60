package dev.milktui.core.history;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;

/**
 * The lines of a text, each at most {@code max} chars: a longer line (a tool result of hundreds of
 * megabytes) is read through and skipped, never held, where a plain {@code readLine} would build it
 * whole.
 */
final class BoundedLines implements Closeable {
  private final BufferedReader reader;
  private final int max;
  private final StringBuilder line = new StringBuilder();

  BoundedLines(BufferedReader reader, int max) {
    this.reader = reader;
    this.max = max;
  }

  /** The next line no longer than the bound (without its line end), or null at the end. */
  String next() throws IOException {
    boolean skipping = false;
    line.setLength(0);
    for (int c = reader.read(); c != -1; c = reader.read()) {
      if (c == '\n') {
        if (!skipping) {
          return withoutCarriageReturn();
        }
        skipping = false;
        line.setLength(0);
      } else if (!skipping) {
        line.append((char) c);
        if (line.length() > max) {
          skipping = true;
          line.setLength(0);
        }
      }
    }
    return skipping || line.length() == 0 ? null : withoutCarriageReturn();
  }

  private String withoutCarriageReturn() {
    int end = line.length();
    if (end > 0 && line.charAt(end - 1) == '\r') {
      end--;
    }
    return line.substring(0, end);
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}
