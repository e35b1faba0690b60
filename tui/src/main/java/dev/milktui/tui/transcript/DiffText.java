package dev.milktui.tui.transcript;

import dev.milktui.core.diff.DiffLine;
import dev.milktui.core.diff.FileDiff;

/**
 * A diff line as text: its line number (the old one for a removed line, the new one otherwise), a
 * sign that marks it without colour ({@code -}, {@code +}, or a space) and the line. Shared by the
 * transcript and the permission dialog, so both show the same diff.
 */
public final class DiffText {
  private DiffText() {}

  /** Columns for the numbers of {@code diff}. */
  public static int numberWidth(FileDiff diff) {
    int max = 1;
    for (DiffLine line : diff.lines()) {
      max = Math.max(max, Math.max(line.oldNumber(), line.newNumber()));
    }
    return String.valueOf(max).length();
  }

  public static String line(DiffLine line, int numberWidth) {
    return switch (line.kind()) {
      case GAP -> " ".repeat(numberWidth) + " ⋮";
      case REMOVED -> number(line.oldNumber(), numberWidth) + " - " + line.text();
      case ADDED -> number(line.newNumber(), numberWidth) + " + " + line.text();
      case CONTEXT -> number(line.newNumber(), numberWidth) + "   " + line.text();
    };
  }

  /** The whole diff, one line each, with a note when it was cut. */
  public static String of(FileDiff diff) {
    int width = numberWidth(diff);
    StringBuilder out = new StringBuilder();
    for (DiffLine line : diff.lines()) {
      out.append(line(line, width)).append('\n');
    }
    if (diff.cut()) {
      out.append("… (the rest of the diff is not kept)\n");
    }
    return out.toString();
  }

  private static String number(int n, int width) {
    String digits = String.valueOf(n);
    return " ".repeat(Math.max(0, width - digits.length())) + digits;
  }
}
