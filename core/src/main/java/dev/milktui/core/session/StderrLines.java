package dev.milktui.core.session;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * Splits claude's stderr into lines, keeping at most a fixed number of bytes of each and draining
 * the rest: a line without end must neither exhaust memory nor stop the draining (claude would then
 * block on a full pipe).
 */
final class StderrLines {
  /**
   * The longest stderr line kept. stderr carries warnings and stack traces; 64 KiB holds any of
   * them, and the tail and the log keep less anyway.
   */
  static final int MAX_LINE_BYTES = 64 * 1024;

  private static final int CHUNK = 8 * 1024;

  private final byte[] kept;
  private int keptLength;
  private long cutBytes;
  private boolean pending;

  private StderrLines(int maxLineBytes) {
    kept = new byte[maxLineBytes];
  }

  /**
   * Reads {@code in} to its end, giving each line (a cut one ends with a marker) to {@code line}.
   */
  static void drain(InputStream in, int maxLineBytes, Consumer<String> line) throws IOException {
    StderrLines lines = new StderrLines(maxLineBytes);
    byte[] chunk = new byte[CHUNK];
    int read;
    while ((read = in.read(chunk)) != -1) {
      for (int i = 0; i < read; i++) {
        lines.accept(chunk[i], line);
      }
    }
    if (lines.pending) {
      lines.emit(line);
    }
  }

  private void accept(byte b, Consumer<String> line) {
    if (b == '\n') {
      emit(line);
      return;
    }
    pending = true;
    if (keptLength < kept.length) {
      kept[keptLength++] = b;
    } else {
      cutBytes++;
    }
  }

  private void emit(Consumer<String> line) {
    int length = keptLength > 0 && kept[keptLength - 1] == '\r' ? keptLength - 1 : keptLength;
    String text = new String(kept, 0, length, StandardCharsets.UTF_8);
    line.accept(cutBytes == 0 ? text : text + "… [" + cutBytes + " bytes cut]");
    keptLength = 0;
    cutBytes = 0;
    pending = false;
  }
}
