package dev.milktui.core.diff;

/**
 * One line of a file diff. {@code oldNumber} and {@code newNumber} are 1-based line numbers in the
 * file before and after, 0 where the line has none (an added line has no old number); a {@link
 * Kind#GAP} stands for unchanged lines left out between two hunks.
 */
public record DiffLine(Kind kind, int oldNumber, int newNumber, String text) {

  public enum Kind {
    CONTEXT,
    REMOVED,
    ADDED,
    GAP
  }

  static DiffLine gap() {
    return new DiffLine(Kind.GAP, 0, 0, "");
  }
}
