package dev.milktui.tui.bench;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.terminal.ansi.ANSITerminal;
import dev.milktui.tui.terminal.Utf8Output;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** An ANSI terminal of a fixed size that counts the bytes Lanterna writes to it. */
final class CountingAnsiTerminal extends ANSITerminal {
  private final TerminalSize size;
  private final Counter counter;

  private CountingAnsiTerminal(TerminalSize size, Counter counter) {
    super(new ByteArrayInputStream(new byte[0]), counter, StandardCharsets.UTF_8);
    this.size = size;
    this.counter = counter;
  }

  static CountingAnsiTerminal of(int columns, int rows) {
    return new CountingAnsiTerminal(new TerminalSize(columns, rows), new Counter());
  }

  long bytes() {
    return counter.bytes;
  }

  /** As the real terminal writes (SttyBatchingTerminal). */
  @Override
  public void putString(String string) throws IOException {
    writeToTerminal(Utf8Output.encode(string));
  }

  @Override
  protected TerminalSize findTerminalSize() {
    return size;
  }

  private static final class Counter extends OutputStream {
    long bytes;

    @Override
    public void write(int b) {
      bytes++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      bytes += len;
    }
  }
}
