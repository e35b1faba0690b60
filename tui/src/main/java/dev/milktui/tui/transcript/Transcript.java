package dev.milktui.tui.transcript;

import dev.milktui.tui.text.Sanitizer;
import dev.milktui.tui.text.StyledLine;
import dev.milktui.tui.text.TextStyle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The transcript's content: blocks (paragraphs of text, tool calls) with their wrapped lines and
 * the index from screen line to block. Only the block being appended or changed is re-wrapped;
 * everything is re-wrapped only when the width changes. Text is sanitised here, on the way in.
 * Owned by the UI thread.
 */
public final class Transcript {
  private final List<Block> paragraphs = new ArrayList<>();
  // firstLine[i] is the screen line paragraph i starts on; valid below validUpTo.
  private int[] firstLine = new int[64];
  private int validUpTo;
  private int width = 80;
  private boolean thinkingCollapsed;
  private String thinkingKey = "Alt+T";

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
    for (Block p : paragraphs) {
      p.wrap(w);
    }
    validUpTo = 0;
  }

  /** The key that shows thinking, as a folded block names it. */
  public void thinkingKey(String key) {
    thinkingKey = key;
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

  /** Adds a block that lays itself out (a tool call). */
  public void add(Block block) {
    block.index = paragraphs.size();
    paragraphs.add(block);
    block.wrap(width);
    invalidateFrom(block.index);
  }

  /** A block's content changed: it is laid out again and the lines after it move. */
  public void changed(Block block) {
    if (block.index < paragraphs.size() && paragraphs.get(block.index) == block) {
      block.wrap(width);
      invalidateFrom(block.index);
    }
  }

  /** Puts a new paragraph in the place of {@code old} (a status line that changed). */
  public Paragraph replace(Paragraph old, Paragraph.Kind kind, String text) {
    if (old.index >= paragraphs.size() || paragraphs.get(old.index) != old) {
      return old;
    }
    Paragraph p = new Paragraph(kind);
    p.index = old.index;
    paragraphs.set(old.index, p);
    p.append(Sanitizer.clean(text), width);
    invalidateFrom(p.index);
    return p;
  }

  /**
   * Appends streamed text to a paragraph or a Markdown block, cleaned as the whole text would be: a
   * delta's unfinished end (half an emoji, an open escape sequence) waits for the next delta.
   */
  public void append(Block block, String text) {
    if (block instanceof Paragraph p) {
      String clean = p.incoming.next(text);
      if (clean.isEmpty()) {
        return;
      }
      p.append(clean, width);
    } else if (block instanceof MarkdownBlock markdown) {
      String clean = markdown.incoming.next(text);
      if (clean.isEmpty()) {
        return;
      }
      markdown.append(clean);
    } else {
      return;
    }
    invalidateFrom(block.index);
  }

  public void remove(Block p) {
    if (p.index >= paragraphs.size() || paragraphs.get(p.index) != p) {
      return;
    }
    paragraphs.remove(p.index);
    for (int i = p.index; i < paragraphs.size(); i++) {
      paragraphs.get(i).index = i;
    }
    invalidateFrom(p.index);
  }

  /** Forgets every block (the conversation was cleared). */
  public void clear() {
    paragraphs.clear();
    validUpTo = 0;
  }

  public void seal(Block block) {
    if (block instanceof Paragraph p) {
      p.seal();
    }
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

  public StyledLine line(int screenLine) {
    int n = paragraphs.size();
    if (n == 0 || screenLine < 0) {
      return StyledLine.EMPTY;
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
    Block p = paragraphs.get(lo);
    int local = screenLine - firstLine[lo];
    if (collapsed(p)) {
      return local == 0
          ? StyledLine.of(
              "▸ thinking (" + p.lineCount() + " lines hidden, " + thinkingKey + " shows)",
              TextStyle.THINKING)
          : StyledLine.EMPTY;
    }
    if (local >= p.lineCount()) {
      return StyledLine.EMPTY;
    }
    return p.line(local);
  }

  /** The block drawn on {@code screenLine}, or null past the end. */
  public Block blockAt(int screenLine) {
    int n = paragraphs.size();
    if (n == 0 || screenLine < 0 || screenLine >= lineCount()) {
      return null;
    }
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
    return paragraphs.get(lo);
  }

  /** The screen line {@code block} starts on, or -1 when it is not in the transcript. */
  public int firstLineOf(Block block) {
    if (block.index >= paragraphs.size() || paragraphs.get(block.index) != block) {
      return -1;
    }
    index(block.index);
    return firstLine[block.index];
  }

  /** The blocks, in order (read-only). */
  public List<Block> blocks() {
    return Collections.unmodifiableList(paragraphs);
  }

  private boolean collapsed(Block p) {
    return thinkingCollapsed && p.isThinking();
  }

  /** A block's lines plus one blank separator. */
  private int linesOf(Block p) {
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
