package dev.milktui.tui.text;

import java.util.ArrayList;
import java.util.List;

/**
 * Breaks one logical line (no newline inside) into screen lines of at most {@code width} columns,
 * never inside a grapheme. Prose breaks after the last space that fits; code breaks at the column,
 * so nothing is reflowed.
 */
public final class LineBreaker {

  /** Receives each screen line as a char range of the source. */
  public interface Sink {
    void line(int start, int end);
  }

  private LineBreaker() {}

  /** {@code text} word-wrapped to {@code width} columns, one string per screen line. */
  public static List<String> wrap(String text, int width) {
    List<String> lines = new ArrayList<>();
    int start = 0;
    while (true) {
      int nl = text.indexOf('\n', start);
      int end = nl < 0 ? text.length() : nl;
      breakLine(text, start, end, width, true, (s, e) -> lines.add(text.substring(s, e)));
      if (nl < 0) {
        return lines;
      }
      start = nl + 1;
    }
  }

  public static void breakLine(
      CharSequence text, int start, int end, int width, boolean words, Sink sink) {
    int w = Math.max(1, width);
    if (start >= end) {
      sink.line(start, start);
      return;
    }
    int lineStart = start;
    while (lineStart < end) {
      int col = 0;
      int i = lineStart;
      int lastSpace = -1;
      while (i < end) {
        int g = Graphemes.next(text, i, end);
        int cw = Columns.widthAt(text, i, g, col);
        if (col + cw > w && i > lineStart) {
          break;
        }
        if (words && text.charAt(i) == ' ') {
          lastSpace = i;
        }
        col += cw;
        i = g;
      }
      if (i >= end) {
        sink.line(lineStart, end);
        return;
      }
      if (words && lastSpace > lineStart) {
        sink.line(lineStart, lastSpace);
        lineStart = lastSpace + 1;
      } else {
        sink.line(lineStart, i);
        lineStart = i;
      }
    }
  }
}
