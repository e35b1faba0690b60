package dev.milktui.tui.layout;

import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.LineBreaker;
import java.util.ArrayList;
import java.util.List;

/** Text as screen lines at a width: prose breaks between words, code at the column. */
final class Lines {
  private Lines() {}

  /** A screen line: chars [{@code start}, {@code end}) of logical line {@code line}. */
  record Piece(int line, int start, int end) {}

  static List<String> wrap(String text, int width, boolean words) {
    String[] logical = text.split("\n", -1);
    List<String> out = new ArrayList<>();
    for (Piece piece : pieces(logical, width, words)) {
      out.add(logical[piece.line()].substring(piece.start(), piece.end()));
    }
    return out;
  }

  /** The screen lines of {@code logical} lines at {@code width}, as where each comes from. */
  static List<Piece> pieces(String[] logical, int width, boolean words) {
    List<Piece> out = new ArrayList<>();
    for (int n = 0; n < logical.length; n++) {
      int line = n;
      LineBreaker.breakLine(
          logical[n],
          0,
          logical[n].length(),
          width,
          words,
          (start, end) -> out.add(new Piece(line, start, end)));
    }
    return out;
  }

  static int widest(String text) {
    int widest = 0;
    for (String line : text.split("\n", -1)) {
      widest = Math.max(widest, Columns.width(line));
    }
    return widest;
  }
}
