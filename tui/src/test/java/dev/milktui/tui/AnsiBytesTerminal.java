package dev.milktui.tui;

import com.googlecode.lanterna.SGR;
import com.googlecode.lanterna.TerminalPosition;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.TextColor;
import com.googlecode.lanterna.terminal.ansi.ANSITerminal;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import dev.milktui.tui.terminal.SynchronizedUpdates;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * A virtual terminal (keys go in, the screen is read back) that also sends every output call, and
 * every raw write (OSC 8, synchronized updates), in order to Lanterna's ANSI terminal over a byte
 * sink: the bytes a real terminal would get, as the app's terminal (an ANSI one) writes them.
 */
final class AnsiBytesTerminal extends DefaultVirtualTerminal
    implements SynchronizedUpdates.RawOutput {
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final Ansi ansi = new Ansi(bytes);
  private final StringBuilder cells = new StringBuilder();

  AnsiBytesTerminal(int columns, int rows) {
    super(new TerminalSize(columns, rows));
  }

  /** What was written since the last call, decoded as UTF-8. */
  synchronized String take() {
    try {
      ansi.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String written = bytes.toString(StandardCharsets.UTF_8);
    bytes.reset();
    return written;
  }

  /** The text put in cells since the last call (without the escapes around it). */
  synchronized String takeCells() {
    String written = cells.toString();
    cells.setLength(0);
    return written;
  }

  @Override
  public synchronized void writeRaw(byte[] raw) throws IOException {
    ansi.writeRaw(raw);
  }

  @Override
  public synchronized void putCharacter(char c) {
    cells.append(c);
    send(() -> ansi.putCharacter(c));
    super.putCharacter(c);
  }

  @Override
  public synchronized void putString(String string) {
    cells.append(string);
    send(() -> ansi.putString(string));
    super.putString(string);
  }

  // The (int, int) form and clearScreen come through here.
  @Override
  public synchronized void setCursorPosition(TerminalPosition position) {
    send(() -> ansi.setCursorPosition(position));
    super.setCursorPosition(position);
  }

  @Override
  public synchronized void clearScreen() {
    send(ansi::clearScreen);
    super.clearScreen();
  }

  @Override
  public synchronized void setCursorVisible(boolean visible) {
    send(() -> ansi.setCursorVisible(visible));
    super.setCursorVisible(visible);
  }

  @Override
  public synchronized void enableSGR(SGR sgr) {
    send(() -> ansi.enableSGR(sgr));
    super.enableSGR(sgr);
  }

  @Override
  public synchronized void disableSGR(SGR sgr) {
    send(() -> ansi.disableSGR(sgr));
    super.disableSGR(sgr);
  }

  @Override
  public synchronized void resetColorAndSGR() {
    send(ansi::resetColorAndSGR);
    super.resetColorAndSGR();
  }

  @Override
  public synchronized void setForegroundColor(TextColor color) {
    send(() -> ansi.setForegroundColor(color));
    super.setForegroundColor(color);
  }

  @Override
  public synchronized void setBackgroundColor(TextColor color) {
    send(() -> ansi.setBackgroundColor(color));
    super.setBackgroundColor(color);
  }

  private interface Output {
    void run() throws IOException;
  }

  private static void send(Output output) {
    try {
      output.run();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Lanterna's ANSI writer on the byte sink; it reads no input and is never asked its size. */
  private static final class Ansi extends ANSITerminal {
    Ansi(ByteArrayOutputStream out) {
      super(new ByteArrayInputStream(new byte[0]), out, StandardCharsets.UTF_8);
    }

    void writeRaw(byte[] raw) throws IOException {
      writeToTerminal(raw);
    }

    @Override
    protected TerminalSize findTerminalSize() {
      throw new UnsupportedOperationException("the virtual terminal has the size");
    }
  }
}
