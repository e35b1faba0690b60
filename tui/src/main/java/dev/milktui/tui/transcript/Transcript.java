package dev.milktui.tui.transcript;

import dev.milktui.tui.text.Sanitizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The transcript's content: paragraphs with their wrapped lines and the index from screen line to
 * paragraph. Only the paragraph being appended is re-wrapped; everything is re-wrapped only when
 * the width changes. Text is sanitised here, on the way in. Owned by the UI thread.
 */
public final class Transcript {
  private final List<Paragraph> paragraphs = new ArrayList<>();
  // firstLine[i] is the screen line paragraph i starts on; valid below validUpTo.
  private int[] firstLine = new int[64];
  private int validUpTo;
  private int width = 80;
  private boolean thinkingCollapsed;

  public int width() {
    return width;
  }

  /** Re-wraps everything when the width changes (a resize). */
  public void setWidth(int width) {
    int w = Math.max(4, width);
    if (w == this.width) {
      return;
    }
    this.width = w;
    for (Paragraph p : paragraphs) {
      p.wrap(w);
    }
    validUpTo = 0;
  }

  public boolean thinkingCollapsed() {
    return thinkingCollapsed;
  }

  public void setThinkingCollapsed(boolean collapsed) {
    if (collapsed != thinkingCollapsed) {
      thinkingCollapsed = collapsed;
      validUpTo = 0;
    }
  }

  /** Starts a new paragraph with {@code text} (which may be empty). */
  public Paragraph add(Paragraph.Kind kind, String text) {
    Paragraph p = new Paragraph(kind);
    p.index = paragraphs.size();
    paragraphs.add(p);
    p.append(Sanitizer.clean(text), width);
    invalidateFrom(p.index);
    return p;
  }

  public void append(Paragraph p, String text) {
    String clean = Sanitizer.clean(text);
    if (clean.isEmpty()) {
      return;
    }
    p.append(clean, width);
    invalidateFrom(p.index);
  }

  public void remove(Paragraph p) {
    if (p.index >= paragraphs.size() || paragraphs.get(p.index) != p) {
      return;
    }
    paragraphs.remove(p.index);
    for (int i = p.index; i < paragraphs.size(); i++) {
      paragraphs.get(i).index = i;
    }
    invalidateFrom(p.index);
  }

  /** Forgets every paragraph (the conversation was cleared). */
  public void clear() {
    paragraphs.clear();
    validUpTo = 0;
  }

  public void seal(Paragraph p) {
    p.seal();
  }

  public int paragraphCount() {
    return paragraphs.size();
  }

  /** Screen lines in total, blank separators included. */
  public int lineCount() {
    int n = paragraphs.size();
    if (n == 0) {
      return 0;
    }
    index(n - 1);
    return firstLine[n - 1] + linesOf(paragraphs.get(n - 1));
  }

  public ScreenLine line(int screenLine) {
    int n = paragraphs.size();
    if (n == 0 || screenLine < 0) {
      return ScreenLine.BLANK;
    }
    index(n - 1);
    int lo = 0;
    int hi = n - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (firstLine[mid] <= screenLine) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    Paragraph p = paragraphs.get(lo);
    int local = screenLine - firstLine[lo];
    if (collapsed(p)) {
      return local == 0
          ? new ScreenLine(
              p.kind(),
              Paragraph.PROSE,
              "▸ thinking (" + p.lineCount() + " lines hidden, Ctrl+T shows)")
          : ScreenLine.BLANK;
    }
    if (local >= p.lineCount()) {
      return ScreenLine.BLANK;
    }
    return new ScreenLine(p.kind(), p.lineStyle(local), p.lineText(local));
  }

  private boolean collapsed(Paragraph p) {
    return thinkingCollapsed && p.kind() == Paragraph.Kind.THINKING;
  }

  /** A paragraph's lines plus one blank separator. */
  private int linesOf(Paragraph p) {
    return (collapsed(p) ? 1 : p.lineCount()) + 1;
  }

  private void invalidateFrom(int index) {
    validUpTo = Math.min(validUpTo, index);
  }

  private void index(int upTo) {
    if (upTo < validUpTo) {
      return;
    }
    if (firstLine.length < paragraphs.size()) {
      firstLine = Arrays.copyOf(firstLine, Math.max(paragraphs.size(), firstLine.length * 2));
    }
    for (int i = validUpTo; i <= upTo; i++) {
      firstLine[i] = i == 0 ? 0 : firstLine[i - 1] + linesOf(paragraphs.get(i - 1));
    }
    validUpTo = upTo + 1;
  }
}
