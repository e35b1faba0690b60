package dev.milktui.core.session;

/**
 * Keeps every line that crosses the process boundary, for bug reports and {@code milk-tui scan}.
 * Called from the session's threads; implementations must be quick and thread-safe.
 */
public interface SessionRecorder extends AutoCloseable {
  SessionRecorder NONE =
      new SessionRecorder() {
        @Override
        public void fromClaude(String line) {}

        @Override
        public void toClaude(String line) {}

        @Override
        public void stderr(String line) {}
      };

  void fromClaude(String line);

  void toClaude(String line);

  void stderr(String line);

  @Override
  default void close() {}
}
