package dev.milktui.core.export;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One speaker's Markdown made to sit under a section heading of the export: its headings (ATX and
 * setext) are moved down, code is left exactly as it is (fences of any length, backticks or
 * tildes), and a fence the text leaves open (an interrupted reply) is closed, so the rest of the
 * file is not swallowed by it. Pure, line by line.
 */
final class ShiftedMarkdown {
  private static final Pattern FENCE = Pattern.compile("^ {0,3}(`{3,}|~{3,})(.*)$");
  private static final Pattern ATX = Pattern.compile("^( {0,3})(#{1,6})(?=[ \\t]|$)(.*)$");
  private static final Pattern SETEXT = Pattern.compile("^ {0,3}(=+|-+)[ \\t]*$");
  private static final Pattern BREAK = Pattern.compile("^ {0,3}([-*_])([ \\t]*\\1){2,}[ \\t]*$");

  /** Lines that start something other than a paragraph (so a setext underline cannot follow). */
  private static final Pattern NOT_PARAGRAPH =
      Pattern.compile("^( {4,}| {0,3}([>#|<]|[-*+]([ \\t]|$)|\\d{1,9}[.)]([ \\t]|$)))");

  private final int shift;
  private final List<String> out = new ArrayList<>();
  private String fence;
  // Where the open paragraph starts in `out` (-1: none), and whether one may start here.
  private int paragraph = -1;
  private boolean mayStartParagraph = true;

  private ShiftedMarkdown(int shift) {
    this.shift = shift;
  }

  static String of(String text, int shift) {
    ShiftedMarkdown shifted = new ShiftedMarkdown(shift);
    for (String line : text.split("\n", -1)) {
      shifted.line(line);
    }
    if (shifted.fence != null) {
      shifted.out.add(shifted.fence);
    }
    return String.join("\n", shifted.out);
  }

  private void line(String line) {
    if (fence != null) {
      out.add(line);
      if (closes(line)) {
        fence = null;
      }
      return;
    }
    Matcher open = FENCE.matcher(line);
    if (open.matches() && !(open.group(1).charAt(0) == '`' && open.group(2).contains("`"))) {
      fence = open.group(1);
      endParagraph(true);
      out.add(line);
      return;
    }
    if (line.isBlank()) {
      endParagraph(true);
      out.add(line);
      return;
    }
    Matcher underline = SETEXT.matcher(line);
    if (paragraph >= 0 && underline.matches()) {
      heading(underline.group(1).charAt(0) == '=' ? 1 : 2);
      return;
    }
    Matcher atx = ATX.matcher(line);
    if (atx.matches()) {
      int level = Math.min(6, atx.group(2).length() + shift);
      out.add(atx.group(1) + "#".repeat(level) + atx.group(3));
      endParagraph(true);
      return;
    }
    if (BREAK.matcher(line).matches()) {
      out.add(line);
      endParagraph(true);
      return;
    }
    if (paragraph < 0 && mayStartParagraph && !NOT_PARAGRAPH.matcher(line).find()) {
      paragraph = out.size();
    } else if (paragraph < 0) {
      // Inside a list, a quote or other container until a blank line: no setext heading here.
      mayStartParagraph = false;
    }
    out.add(line);
  }

  /** The open paragraph's lines become one ATX heading of the shifted level. */
  private void heading(int level) {
    StringBuilder title = new StringBuilder();
    while (out.size() > paragraph) {
      String part = out.remove(paragraph).strip();
      title.append(title.length() == 0 ? "" : " ").append(part);
    }
    out.add("#".repeat(Math.min(6, level + shift)) + " " + title);
    endParagraph(true);
  }

  private void endParagraph(boolean mayStart) {
    paragraph = -1;
    mayStartParagraph = mayStart;
  }

  /** A closing fence: the opening's character, at least as many, nothing after but spaces. */
  private boolean closes(String line) {
    String stripped = line.strip();
    int run = 0;
    while (run < stripped.length() && stripped.charAt(run) == fence.charAt(0)) {
      run++;
    }
    return run >= fence.length()
        && run == stripped.length()
        && line.length() - line.stripLeading().length() <= 3;
  }
}
