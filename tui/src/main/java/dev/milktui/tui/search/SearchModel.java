package dev.milktui.tui.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The transcript search's state: the query, every match in the text the source gives, and which one
 * is current. Typing searches again from where the search started (its anchor) and makes current
 * the nearest match at or above it; next and previous go round the matches and move the anchor with
 * them. No screen here: the transcript view draws it.
 */
public final class SearchModel {
  /** The text searched: blocks of lines, in order. */
  public interface Source {
    int blocks();

    /** The lines of block {@code block} as they are searched (a folded call's hidden ones too). */
    List<String> lines(int block);
  }

  /** A match: block, line in the block, chars {@code [start, end)} of the line. */
  public record Hit(int block, int line, int start, int end) {
    boolean after(int otherBlock, int otherLine) {
      return block > otherBlock || (block == otherBlock && line > otherLine);
    }
  }

  private final StringBuilder query = new StringBuilder();
  private List<Hit> hits = List.of();
  private int current = -1;
  private int anchorBlock;
  private int anchorLine;

  /** Where the search starts: the line at the bottom of the view when it opened. */
  public SearchModel(int anchorBlock, int anchorLine) {
    this.anchorBlock = anchorBlock;
    this.anchorLine = anchorLine;
  }

  public String query() {
    return query.toString();
  }

  public List<Hit> hits() {
    return hits;
  }

  public Optional<Hit> current() {
    return current < 0 ? Optional.empty() : Optional.of(hits.get(current));
  }

  /** Adds {@code text} to the query and searches again from the anchor. */
  public void type(String text, Source source) {
    query.append(text);
    search(source, false);
  }

  /** Takes the query's last character (a whole surrogate pair) away and searches again. */
  public void deleteBack(Source source) {
    int n = query.length();
    if (n == 0) {
      return;
    }
    int cut = n >= 2 && Character.isSurrogatePair(query.charAt(n - 2), query.charAt(n - 1)) ? 2 : 1;
    query.setLength(n - cut);
    search(source, false);
  }

  /** The text changed (more output, a resize): the matches are found again, the current kept. */
  public void refresh(Source source) {
    search(source, true);
  }

  public Optional<Hit> next() {
    return step(1);
  }

  public Optional<Hit> previous() {
    return step(-1);
  }

  /** "3 of 17", "no match", or "" before anything is typed. */
  public String count() {
    if (query.length() == 0) {
      return "";
    }
    return hits.isEmpty() ? "no match" : (current + 1) + " of " + hits.size();
  }

  private Optional<Hit> step(int direction) {
    if (hits.isEmpty()) {
      return Optional.empty();
    }
    current = Math.floorMod(current + direction, hits.size());
    Hit hit = hits.get(current);
    anchorBlock = hit.block();
    anchorLine = hit.line();
    return Optional.of(hit);
  }

  private void search(Source source, boolean keepCurrent) {
    Optional<Hit> before = current();
    String q = query.toString();
    List<Hit> found = new ArrayList<>();
    if (!q.isEmpty()) {
      for (int b = 0; b < source.blocks(); b++) {
        List<String> lines = source.lines(b);
        for (int l = 0; l < lines.size(); l++) {
          for (Matches.Range r : Matches.in(lines.get(l), q)) {
            found.add(new Hit(b, l, r.start(), r.end()));
          }
        }
      }
    }
    hits = List.copyOf(found);
    current = keepCurrent && before.isPresent() ? hits.indexOf(before.get()) : -1;
    if (current < 0) {
      current = nearestAnchor();
    }
  }

  /** The last match at or above the anchor; with none there, the first below it. */
  private int nearestAnchor() {
    if (hits.isEmpty()) {
      return -1;
    }
    int nearest = 0;
    for (int i = 0; i < hits.size(); i++) {
      if (hits.get(i).after(anchorBlock, anchorLine)) {
        break;
      }
      nearest = i;
    }
    return nearest;
  }
}
