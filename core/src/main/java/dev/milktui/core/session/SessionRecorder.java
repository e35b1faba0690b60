package dev.milktui.core.session;

import java.nio.charset.StandardCharsets;

/**
 * Keeps every line that crosses the process boundary, for bug reports and {@code milk-tui scan}.
 * Called from the session's threads; implementations must be quick and thread-safe.
 */
public interface SessionRecorder extends AutoCloseable {
  SessionRecorder NONE =
      new SessionRecorder() {
        @Override
        public void fromClaude(byte[] line, int offset, int length) {}

        @Override
        public void toClaude(String line) {}

        @Override
        public void stderr(String line) {}
      };

  /**
   * A stdout line as read, in the reader's buffer: used during the call only, never kept, and never
   * copied whole (a line can be hundreds of megabytes).
   */
  void fromClaude(byte[] line, int offset, int length);

  default void fromClaude(String line) {
    byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
    fromClaude(bytes, 0, bytes.length);
  }

  void toClaude(String line);

  void stderr(String line);

  @Override
  default void close() {}
}
