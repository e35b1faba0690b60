package dev.milktui.tui.markdown;

import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.Graphemes;
import dev.milktui.tui.text.StyledLine;
import dev.milktui.tui.text.TextStyle;
import java.util.ArrayList;
import java.util.List;

/**
 * Code as it is: no fences, no gutter (the screen copy must be the code), tabs expanded, lines
 * longer than the width wrapped at the edge, preferably after a character that is not part of an
 * identifier.
 */
final class CodeLines {
  private CodeLines() {}

  static void render(String literal, int width, List<StyledLine> out) {
    for (String line : lines(literal)) {
      wrap(Columns.expandTabs(line), Math.max(1, width), out);
    }
  }

  /** The lines of a block literal, without the newline that ends the last one. */
  static List<String> lines(String literal) {
    String text = literal.endsWith("\n") ? literal.substring(0, literal.length() - 1) : literal;
    List<String> lines = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        lines.add(text.substring(start, i));
        start = i + 1;
      }
    }
    lines.add(text.substring(start));
    return lines;
  }

  private static void wrap(String line, int width, List<StyledLine> out) {
    int start = 0;
    int n = line.length();
    while (true) {
      int hard = Columns.prefixEnd(line, start, width);
      if (hard >= n) {
        break;
      }
      if (hard == start) {
        hard = Graphemes.next(line, start, n);
      }
      int end = softBreak(line, start, hard, width);
      out.add(StyledLine.of(line.substring(start, end), TextStyle.CODE));
      start = end;
    }
    out.add(StyledLine.of(line.substring(start), TextStyle.CODE));
  }

  /**
   * The last grapheme boundary in the second half of {@code [start, hard]} that is not inside an
   * identifier, or {@code hard} if there is none.
   */
  private static int softBreak(String line, int start, int hard, int width) {
    if (!(isIdentifier(line.charAt(hard - 1)) && isIdentifier(line.charAt(hard)))) {
      return hard;
    }
    int best = hard;
    int col = 0;
    for (int i = start; i < hard; ) {
      int e = Graphemes.next(line, i, hard);
      col += Graphemes.width(line, i, e);
      if (e < hard
          && col >= width / 2
          && !(isIdentifier(line.charAt(e - 1)) && isIdentifier(line.charAt(e)))) {
        best = e;
      }
      i = e;
    }
    return best;
  }

  private static boolean isIdentifier(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$' || Character.isSurrogate(c);
  }
}
