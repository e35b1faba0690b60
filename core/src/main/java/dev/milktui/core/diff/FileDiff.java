package dev.milktui.core.diff;

import java.util.List;

/**
 * What a file change does: its lines with numbers and a few lines of context, and how many lines it
 * adds and removes. {@code cut} is true when the change had more than {@link FileDiffs#MAX_LINES}
 * lines and only the first are kept (the counts are always whole).
 */
public record FileDiff(String path, List<DiffLine> lines, int added, int removed, boolean cut) {

  public FileDiff {
    lines = List.copyOf(lines);
  }

  /** "Added 1 line, removed 2 lines", as a person reads it. */
  public String summary() {
    if (added == 0 && removed == 0) {
      return "No change";
    }
    String adds = "Added " + lines(added);
    String removes = "removed " + lines(removed);
    if (removed == 0) {
      return adds;
    }
    if (added == 0) {
      return "R" + removes.substring(1);
    }
    return adds + ", " + removes;
  }

  private static String lines(int n) {
    return n + (n == 1 ? " line" : " lines");
  }
}
