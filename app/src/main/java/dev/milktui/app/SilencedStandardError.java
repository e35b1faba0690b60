package dev.milktui.app;

import java.io.OutputStream;
import java.io.PrintStream;

/**
 * While the screen is up, {@code System.err} goes nowhere. tinylog reports its own write failures
 * (a full disk, a log folder gone read-only) there as {@code LOGGER ERROR: …}, which would be drawn
 * over the screen; milk-tui itself never writes there while the screen is up.
 */
final class SilencedStandardError implements AutoCloseable {
  private final PrintStream original;

  private SilencedStandardError(PrintStream original) {
    this.original = original;
  }

  static SilencedStandardError start() {
    SilencedStandardError silenced = new SilencedStandardError(System.err);
    System.setErr(new PrintStream(OutputStream.nullOutputStream(), true));
    return silenced;
  }

  @Override
  public void close() {
    System.setErr(original);
  }
}
