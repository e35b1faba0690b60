package dev.milktui.core.diff;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import java.util.ArrayList;
import java.util.List;

/** Computes a {@link FileDiff} between two texts with java-diff-utils (Myers). Pure. */
public final class FileDiffs {
  /** Unchanged lines shown around each change. */
  public static final int CONTEXT = 3;

  /** Diff lines kept per file; the rest is counted, not kept. */
  public static final int MAX_LINES = 2000;

  private FileDiffs() {}

  public static FileDiff between(String path, String before, String after) {
    List<String> a = lines(before);
    List<String> b = lines(after);
    List<AbstractDelta<String>> deltas = DiffUtils.diff(a, b).getDeltas();
    Builder out = new Builder();
    int added = 0;
    int removed = 0;
    // Old lines below `shown` are already out (as context or change); shift maps old to new
    // numbers.
    int shown = 0;
    int shift = 0;
    for (int d = 0; d < deltas.size(); d++) {
      AbstractDelta<String> delta = deltas.get(d);
      int oldAt = delta.getSource().getPosition();
      int newAt = delta.getTarget().getPosition();
      List<String> gone = delta.getSource().getLines();
      List<String> come = delta.getTarget().getLines();
      int from = Math.max(shown, oldAt - CONTEXT);
      if (from > shown) {
        out.add(DiffLine.gap());
      }
      for (int i = from; i < oldAt; i++) {
        out.add(new DiffLine(DiffLine.Kind.CONTEXT, i + 1, i + shift + 1, a.get(i)));
      }
      for (int i = 0; i < gone.size(); i++) {
        out.add(new DiffLine(DiffLine.Kind.REMOVED, oldAt + i + 1, 0, gone.get(i)));
      }
      for (int i = 0; i < come.size(); i++) {
        out.add(new DiffLine(DiffLine.Kind.ADDED, 0, newAt + i + 1, come.get(i)));
      }
      removed += gone.size();
      added += come.size();
      shown = oldAt + gone.size();
      shift = newAt + come.size() - shown;
      int next = d + 1 < deltas.size() ? deltas.get(d + 1).getSource().getPosition() : a.size();
      int until = Math.min(next, shown + CONTEXT);
      for (int i = shown; i < until; i++) {
        out.add(new DiffLine(DiffLine.Kind.CONTEXT, i + 1, i + shift + 1, a.get(i)));
      }
      shown = until;
    }
    if (!deltas.isEmpty() && shown < a.size()) {
      out.add(DiffLine.gap());
    }
    return new FileDiff(path, out.lines, added, removed, out.cut);
  }

  /** Lines without their terminators; a final newline does not make an empty last line. */
  static List<String> lines(String text) {
    List<String> lines = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        int end = i > start && text.charAt(i - 1) == '\r' ? i - 1 : i;
        lines.add(text.substring(start, end));
        start = i + 1;
      }
    }
    if (start < text.length()) {
      lines.add(text.substring(start));
    }
    return lines;
  }

  private static final class Builder {
    final List<DiffLine> lines = new ArrayList<>();
    boolean cut;

    void add(DiffLine line) {
      if (lines.size() < MAX_LINES) {
        lines.add(line);
      } else {
        cut = true;
      }
    }
  }
}
