package dev.milktui.core.scan;

/**
 * Reads one line as a scan uses it: settled from its bytes ({@link LineTriage}) or skimmed ({@link
 * LineSkim}), then parsed as the live session parses it. Depends on the line alone, so lines can be
 * read on any thread; one instance per thread.
 */
final class LineReading {
  private final LineTriage triage = new LineTriage();

  /** The line's outcome; its bytes may be changed (a record's line is unescaped in place). */
  LineOutcome read(byte[] bytes, int offset, int length, long lineNumber) {
    try {
      return LineSkim.claudeLine(bytes, offset, length, triage);
    } catch (LineSkim.Malformed e) {
      return new LineOutcome.Malformed(lineNumber, e.getMessage());
    }
  }
}
