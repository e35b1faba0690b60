package dev.milktui.tui.markdown;

import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.Graphemes;
import dev.milktui.tui.text.Span;
import dev.milktui.tui.text.StyledLine;
import java.util.ArrayList;
import java.util.List;

/**
 * Word-wraps one logical line of styled pieces to a width, grapheme-aware, with a prefix on the
 * first line and another (a hanging indent) on the rest. Spaces at a break are dropped. Words are
 * never broken: a word wider than the line (a long URL) starts a line of its own and is cut only at
 * the edge, with no hyphen, so it can still be selected whole; each of its parts keeps its link, so
 * every row of a wrapped URL is the same hyperlink.
 */
final class Wrapper {
  private final int width;
  private final StyledLine restPrefix;
  private final List<StyledLine> out;
  private final List<Span> line = new ArrayList<>();
  private final List<Span> gap = new ArrayList<>();
  private int gapWidth;
  private int prefixWidth;
  private int col;

  /**
   * The word being read (non-space text, possibly in several styles: {@code **bold**,} is one
   * word): it may go on in the next piece.
   */
  private final List<Span> parts = new ArrayList<>();

  private int partsWidth;

  /**
   * Wraps pieces added one by one into {@code out}. Lines are added to {@code out} as soon as they
   * are full and never changed after, so a wrapper can be fed a long text in portions.
   */
  Wrapper(int width, StyledLine firstPrefix, StyledLine restPrefix, List<StyledLine> out) {
    this.width = Math.max(width, Math.max(firstPrefix.width(), restPrefix.width()) + 1);
    this.restPrefix = restPrefix;
    this.out = out;
    start(firstPrefix);
  }

  private Wrapper(Wrapper other, List<StyledLine> out) {
    this.width = other.width;
    this.restPrefix = other.restPrefix;
    this.out = out;
    this.line.addAll(other.line);
    this.gap.addAll(other.gap);
    this.gapWidth = other.gapWidth;
    this.prefixWidth = other.prefixWidth;
    this.col = other.col;
    this.parts.addAll(other.parts);
    this.partsWidth = other.partsWidth;
  }

  /** Appends the wrapped lines of {@code pieces} to {@code out}; at least one line. */
  static void wrap(
      List<Piece> pieces,
      int width,
      StyledLine firstPrefix,
      StyledLine restPrefix,
      List<StyledLine> out) {
    Wrapper w = new Wrapper(width, firstPrefix, restPrefix, out);
    for (Piece piece : pieces) {
      w.add(piece);
    }
    w.end();
  }

  /** A wrapper in the same state whose further lines go to {@code out} instead. */
  Wrapper copy(List<StyledLine> out) {
    return new Wrapper(this, out);
  }

  void add(Piece piece) {
    String text = piece.text();
    int i = 0;
    while (i < text.length()) {
      int j = i;
      if (text.charAt(i) == ' ') {
        while (j < text.length() && text.charAt(j) == ' ') {
          j++;
        }
        flushWord();
        // One space, the commonest gap, needs no new string.
        space(new Span(j == i + 1 ? " " : text.substring(i, j), piece.style(), piece.link()));
      } else {
        while (j < text.length() && text.charAt(j) != ' ') {
          j++;
        }
        Span part = new Span(text.substring(i, j), piece.style(), piece.link());
        parts.add(part);
        partsWidth += part.width();
      }
      i = j;
    }
  }

  /** Ends the logical line: its last screen line goes out. */
  void end() {
    flushWord();
    emit();
  }

  private void flushWord() {
    if (!parts.isEmpty()) {
      word(parts, partsWidth);
      parts.clear();
      partsWidth = 0;
    }
  }

  private void space(Span s) {
    gap.add(s);
    gapWidth += s.text().length();
  }

  /** Lays out one word ({@code parts}, {@code wordWidth} columns); copies its parts. */
  private void word(List<Span> parts, int wordWidth) {
    boolean empty = col == prefixWidth;
    if (!empty && col + gapWidth + wordWidth > width) {
      newLine();
      empty = true;
    }
    if (empty) {
      gap.clear();
      gapWidth = 0;
    } else {
      addAll(line, gap);
      col += gapWidth;
      gap.clear();
      gapWidth = 0;
    }
    if (col + wordWidth <= width) {
      addAll(line, parts);
      col += wordWidth;
      return;
    }
    cut(parts);
  }

  /**
   * {@code to.addAll(from)} without the copy of {@code from} that {@link ArrayList#addAll} makes:
   * this runs for every word of every line laid out.
   */
  private static void addAll(List<Span> to, List<Span> from) {
    for (int i = 0; i < from.size(); i++) {
      to.add(from.get(i));
    }
  }

  /** Lays a word wider than the line out over as many lines as it needs, cut between graphemes. */
  private void cut(List<Span> parts) {
    for (Span part : parts) {
      String text = part.text();
      int i = 0;
      while (i < text.length()) {
        if (col >= width) {
          newLine();
        }
        int end = Columns.prefixEnd(text, i, width - col);
        if (end == i) {
          if (col > prefixWidth) {
            newLine();
            continue;
          }
          end = Graphemes.next(text, i, text.length());
        }
        String piece = text.substring(i, end);
        line.add(part.withText(piece));
        col += Graphemes.width(piece);
        i = end;
      }
    }
  }

  private void newLine() {
    emit();
    start(restPrefix);
  }

  private void start(StyledLine prefix) {
    line.clear();
    line.addAll(prefix.spans());
    prefixWidth = prefix.width();
    col = prefixWidth;
    gap.clear();
    gapWidth = 0;
  }

  private void emit() {
    out.add(new StyledLine(merged(line)));
  }

  /** Adjacent spans of one style (and link) become one, so lines stay small and compare simply. */
  static List<Span> merged(List<Span> spans) {
    List<Span> result = new ArrayList<>(spans.size());
    // The run of one style being read: its first span, and its text once a second one joins (a
    // line of words and spaces is one run; joining it span by span would copy it once per word).
    Span first = null;
    StringBuilder run = null;
    for (Span s : spans) {
      if (s.text().isEmpty()) {
        continue;
      }
      if (first != null && first.looksLike(s)) {
        if (run == null) {
          run = new StringBuilder(first.text());
        }
        run.append(s.text());
        continue;
      }
      addRun(result, first, run);
      first = s;
      run = null;
    }
    addRun(result, first, run);
    return result;
  }

  private static void addRun(List<Span> result, Span first, StringBuilder run) {
    if (first != null) {
      result.add(run == null ? first : first.withText(run.toString()));
    }
  }
}
