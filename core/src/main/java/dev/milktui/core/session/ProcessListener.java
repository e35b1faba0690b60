package dev.milktui.core.session;

import dev.milktui.core.protocol.LineSink;

/**
 * What a {@link ClaudeProcess} reports, each from one of its threads: stdout lines (through the
 * {@link LineSink} methods), stderr lines, and finally its exit, strictly after the last stdout
 * line.
 */
interface ProcessListener extends LineSink {
  void stderrLine(String line);

  void exited(int exitCode, String stderrTail);
}
