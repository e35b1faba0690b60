package dev.milktui.tui.search;

import dev.milktui.tui.text.Span;
import dev.milktui.tui.text.StyledLine;
import dev.milktui.tui.text.TextStyle;
import java.util.ArrayList;
import java.util.List;

/**
 * A line with its matches drawn in the match style (the current one in its own): the line's spans
 * are cut at the matches' edges, which fall between whole characters, so every character keeps its
 * columns and the highlight sits exactly on the text found. A match in a link is still the link.
 */
public final class Highlights {
  private Highlights() {}

  /**
   * {@code line} with the char ranges {@code matches} (of its plain text, in order) restyled;
   * {@code current} is the index among them of the current match, or -1.
   */
  public static StyledLine apply(StyledLine line, List<Matches.Range> matches, int current) {
    if (matches.isEmpty()) {
      return line;
    }
    List<Span> out = new ArrayList<>();
    int offset = 0;
    for (Span span : line.spans()) {
      String text = span.text();
      int end = offset + text.length();
      int at = offset;
      for (int m = 0; m < matches.size() && at < end; m++) {
        Matches.Range r = matches.get(m);
        if (r.end() <= at || r.start() >= end) {
          continue;
        }
        int from = Math.max(r.start(), at);
        int to = Math.min(r.end(), end);
        add(out, span.withText(text.substring(at - offset, from - offset)));
        String found = text.substring(from - offset, to - offset);
        add(
            out,
            new Span(found, m == current ? TextStyle.MATCH_CURRENT : TextStyle.MATCH, span.link()));
        at = to;
      }
      add(out, span.withText(text.substring(at - offset)));
      offset = end;
    }
    return new StyledLine(out);
  }

  private static void add(List<Span> out, Span span) {
    if (!span.text().isEmpty()) {
      out.add(span);
    }
  }
}
