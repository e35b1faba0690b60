package dev.milktui.tui.markdown;

import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.Graphemes;
import dev.milktui.tui.text.Span;
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
    render(literal, "", width, out);
  }

  /** As {@link #render(String, int, List)}, in syntax colours where {@code language} is known. */
  static void render(String literal, String language, int width, List<StyledLine> out) {
    List<String> lines = new ArrayList<>();
    for (String line : lines(literal)) {
      lines.add(Columns.expandTabs(line));
    }
    List<List<Span>> coloured =
        CodeColours.known(language) ? CodeColours.colour(language, lines) : null;
    for (int i = 0; i < lines.size(); i++) {
      wrap(lines.get(i), coloured == null ? null : coloured.get(i), Math.max(1, width), out);
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

  private static void wrap(String line, List<Span> spans, int width, List<StyledLine> out) {
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
      out.add(piece(line, spans, start, end));
      start = end;
    }
    out.add(piece(line, spans, start, n));
  }

  /** Characters {@code [start, end)} of {@code line}, in its spans' styles where it has them. */
  private static StyledLine piece(String line, List<Span> spans, int start, int end) {
    if (spans == null) {
      return StyledLine.of(line.substring(start, end), TextStyle.CODE);
    }
    List<Span> kept = new ArrayList<>();
    int at = 0;
    for (Span span : spans) {
      int from = Math.max(start, at);
      int to = Math.min(end, at + span.text().length());
      if (from < to) {
        kept.add(new Span(span.text().substring(from - at, to - at), span.style()));
      }
      at += span.text().length();
    }
    return new StyledLine(kept);
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
