package dev.milktui.tui.layout;

import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.LineBreaker;
import java.util.ArrayList;
import java.util.List;

/** Text as screen lines at a width: prose breaks between words, code at the column. */
final class Lines {
  private Lines() {}

  static List<String> wrap(String text, int width, boolean words) {
    List<String> out = new ArrayList<>();
    for (String line : text.split("\n", -1)) {
      LineBreaker.breakLine(
          line,
          0,
          line.length(),
          width,
          words,
          (start, end) -> out.add(line.substring(start, end)));
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
