package dev.milktui.core.scan;

import dev.milktui.core.protocol.CliMessage;

/** What one line of a transcript tells a scan, worked out apart from the summing. */
sealed interface LineOutcome {
  /** A line from claude, parsed as the live session parses it. */
  record Message(CliMessage message) implements LineOutcome {}

  /**
   * A line settled from its bytes ({@link LineTriage}): all it tells a scan is its session id and,
   * for an init, its working directory and claude's version (null when absent or not an init).
   */
  record Facts(String sessionId, String cwd, String claudeVersion) implements LineOutcome {}

  /** A line that is not one JSON object, or is over the cap. */
  record Malformed(long lineNumber, String reason) implements LineOutcome {}

  /** A line counted but telling nothing: a record's entry of what milk-tui sent, or of stderr. */
  enum Other implements LineOutcome {
    LINE
  }
}
