package dev.milktui.core.session;

import dev.milktui.core.protocol.LineSink;
import java.io.IOException;

/**
 * What a {@link ClaudeProcess} reports, each from one of its threads: stdout lines (through the
 * {@link LineSink} methods), stderr lines, lines written to stdin, a failure to write, a crash of
 * one of its threads, and finally its exit, strictly after the last stdout line.
 */
interface ProcessListener extends LineSink {
  void stderrLine(String line);

  /** A line reached claude's stdin (written and flushed). */
  void wrote(String line);

  /** Writing to stdin failed (claude closed it, or EPIPE): later lines cannot reach claude. */
  void inputFailed(IOException failure);

  /** One of the process's threads died; nothing may be reading or writing its pipes any more. */
  void crashed(Throwable error);

  void exited(int exitCode, String stderrTail);
}
