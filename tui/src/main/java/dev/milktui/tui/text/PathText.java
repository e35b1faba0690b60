package dev.milktui.tui.text;

/**
 * A file path cut to a width from the left, so the file's name stays: {@code …/proj/src/Main.java}
 * rather than {@code /home/me/proj/src/…}, where five Read rows looked alike. Whole folders go
 * first; a name too wide alone keeps its end.
 */
public final class PathText {
  private PathText() {}

  public static String fit(String path, int max) {
    if (max <= 0) {
      return "";
    }
    if (Columns.width(path) <= max) {
      return path;
    }
    int slash = path.lastIndexOf('/');
    if (slash >= 0 && Columns.width(path.substring(slash)) + 1 <= max) {
      for (int at = path.indexOf('/', 1); at >= 0; at = path.indexOf('/', at + 1)) {
        String tail = path.substring(at);
        if (Columns.width(tail) + 1 <= max) {
          return "…" + tail;
        }
      }
    }
    return "…" + suffix(path, max - 1);
  }

  /** The longest end of {@code text} in whole graphemes that fits in {@code max} columns. */
  private static String suffix(String text, int max) {
    int n = text.length();
    int start = 0;
    while (start < n && Columns.width(text.substring(start)) > max) {
      start = Graphemes.next(text, start, n);
    }
    return text.substring(start);
  }
}
