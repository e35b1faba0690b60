package dev.milktui.core.protocol;

import java.io.IOException;

/**
 * Receives what an {@link NdjsonReader} frames and parses, on the reader's thread. Implementations
 * must not block: the reader is what keeps the child's stdout pipe drained.
 */
public interface LineSink {
  void message(CliMessage message);

  void malformed(MalformedLine line);

  /** The stream ended: {@code failure} is null at a clean end of input. */
  void end(IOException failure);

  /** Every complete line as read (before parsing), e.g. for session records. */
  default void rawLine(byte[] bytes, int offset, int length) {}
}
