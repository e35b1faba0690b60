package dev.milktui.tui.search;

import dev.milktui.tui.text.Graphemes;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a query occurs in a line of text: case-insensitive (letter by letter, as {@link
 * String#regionMatches(boolean, int, String, int, int)} compares), whole user-perceived characters
 * only (a query never matches half an emoji or a letter without its accent), not overlapping.
 */
public final class Matches {
  private Matches() {}

  /** The char ranges {@code [start, end)} of {@code query} in {@code text}, left to right. */
  public static List<Range> in(String text, String query) {
    List<Range> found = new ArrayList<>();
    int q = query.length();
    int n = text.length();
    if (q == 0 || q > n) {
      return found;
    }
    int i = 0;
    while (i + q <= n) {
      int end = i + q;
      if (text.regionMatches(true, i, query, 0, q) && boundary(text, i, end)) {
        found.add(new Range(i, end));
        i = end;
      } else {
        i = Graphemes.next(text, i, n);
      }
    }
    return found;
  }

  /** Whether {@code end} ends a grapheme of {@code text} counted from {@code start}. */
  private static boolean boundary(String text, int start, int end) {
    int j = start;
    while (j < end) {
      j = Graphemes.next(text, j, text.length());
    }
    return j == end;
  }

  /** A match: chars {@code [start, end)} of its line. */
  public record Range(int start, int end) {}
}
