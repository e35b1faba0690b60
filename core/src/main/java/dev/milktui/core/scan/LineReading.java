package dev.milktui.core.scan;

import dev.milktui.core.protocol.MalformedLine;

/**
 * Reads one line as a scan uses it: settled from its bytes ({@link LineTriage}) or skimmed ({@link
 * LineSkim}), then parsed as the live session parses it. Depends on the line alone, so lines can be
 * read on any thread; one instance per thread.
 */
final class LineReading implements OrderedLines.Work<LineOutcome> {
  private final LineTriage triage = new LineTriage();

  /** The line's outcome; its bytes may be changed (a record's line is unescaped in place). */
  @Override
  public LineOutcome read(byte[] bytes, int offset, int length, long lineNumber) {
    try {
      return LineSkim.claudeLine(bytes, offset, length, triage);
    } catch (LineSkim.Malformed e) {
      return new LineOutcome.Malformed(lineNumber, e.getMessage());
    }
  }

  @Override
  public LineOutcome malformed(MalformedLine line) {
    return new LineOutcome.Malformed(line.lineNumber(), line.reason());
  }
}
