package dev.milktui.tui.markdown;

import dev.milktui.tui.text.StyledLine;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.commonmark.node.Node;
import org.commonmark.node.Paragraph;
import org.commonmark.node.SourceSpan;

/**
 * Markdown that arrives in pieces, rendered as {@link MarkdownRenderer} renders the whole text.
 * Blocks that can no longer change (a later block has started on a finished line) are parsed once
 * and their lines kept per width; only the open tail is parsed again, and only when lines are asked
 * for after an append. A long open paragraph is kept in parts by {@link OpenParagraph}, so that a
 * reply with no blank line (or no newline at all) still costs in proportion to what is appended.
 * Not thread-safe: one owner (the UI thread).
 */
public final class MarkdownStream {
  /** From this size on, an open paragraph is kept in parts rather than parsed whole each time. */
  static final int LONG_PARAGRAPH = 4096;

  /** A finished top-level block and its lines by width. */
  private static final class Frozen {
    final Node block;
    final Map<Integer, List<StyledLine>> byWidth = new HashMap<>(2);

    Frozen(Node block) {
      this.block = block;
    }

    List<StyledLine> lines(int width) {
      return byWidth.computeIfAbsent(width, w -> BlockRenderer.render(block, w));
    }
  }

  /** All frozen blocks' lines joined (with blank lines between) for one width. */
  private static final class FrozenLines {
    final List<StyledLine> lines = new ArrayList<>();
    int blocks;
  }

  private final int longParagraph;
  private final List<Frozen> frozen = new ArrayList<>();
  private final Map<Integer, FrozenLines> frozenLines = new HashMap<>(2);

  /** The source from the first line of the first open block on. */
  private final StringBuilder tail = new StringBuilder();

  private List<Node> openBlocks = List.of();
  private boolean parsed = true;
  private OpenParagraph paragraph;

  /** What {@link #lines} returned per width since the last append. */
  private final Map<Integer, List<StyledLine>> views = new HashMap<>(2);

  public MarkdownStream() {
    this(LONG_PARAGRAPH);
  }

  /** With a given long-paragraph size: tests use a small one to run both ways on small texts. */
  MarkdownStream(int longParagraph) {
    this.longParagraph = longParagraph;
  }

  public void append(String delta) {
    if (delta.isEmpty()) {
      return;
    }
    tail.append(delta);
    parsed = false;
    views.clear();
  }

  /**
   * Everything appended so far, as lines of {@code width} columns: a read-only view, valid until
   * the next append.
   */
  public List<StyledLine> lines(int width) {
    int w = Math.max(1, width);
    List<StyledLine> view = views.get(w);
    if (view == null) {
      view = compute(w);
      views.put(w, view);
    }
    return view;
  }

  private List<StyledLine> compute(int width) {
    if (paragraph != null) {
      List<StyledLine> lines = paragraphLines(width);
      if (lines != null) {
        return lines;
      }
    }
    parseTail();
    if (paragraph != null) {
      List<StyledLine> lines = paragraphLines(width);
      if (lines != null) {
        return lines;
      }
    }
    return joined(frozenLines(width), render(openBlocks, width));
  }

  /** The lines through the open paragraph, or null if it has ended (the tail is parsed again). */
  private List<StyledLine> paragraphLines(int width) {
    OpenParagraph.Look look = paragraph.lines(width);
    if (look instanceof OpenParagraph.Lines l) {
      return joined(frozenLines(width), l.settled(), l.rest());
    }
    if (look instanceof OpenParagraph.Undecided) {
      return joined(frozenLines(width), render(parse(tail.toString()), width));
    }
    paragraph = null;
    parsed = false;
    return null;
  }

  private static List<StyledLine> render(List<Node> blocks, int width) {
    List<StyledLine> out = new ArrayList<>();
    for (Node block : blocks) {
      MarkdownRenderer.appendBlock(out, BlockRenderer.render(block, width));
    }
    return out;
  }

  private List<StyledLine> frozenLines(int width) {
    FrozenLines cache = frozenLines.computeIfAbsent(width, w -> new FrozenLines());
    for (; cache.blocks < frozen.size(); cache.blocks++) {
      MarkdownRenderer.appendBlock(cache.lines, frozen.get(cache.blocks).lines(width));
    }
    return cache.lines;
  }

  private void parseTail() {
    if (parsed) {
      return;
    }
    parsed = true;
    String text = tail.toString();
    List<Node> blocks = parse(text);
    int keep = closedBlocks(text, blocks);
    if (keep > 0) {
      for (Node block : blocks.subList(0, keep)) {
        frozen.add(new Frozen(block));
      }
      tail.delete(0, lineStart(blocks.get(keep)));
      blocks = blocks.subList(keep, blocks.size());
    }
    openBlocks = List.copyOf(blocks);
    if (blocks.size() == 1
        && blocks.get(0) instanceof Paragraph
        && tail.length() >= longParagraph) {
      paragraph = OpenParagraph.of(tail);
    }
  }

  private static List<Node> parse(String text) {
    List<Node> blocks = new ArrayList<>();
    Node document = MarkdownParsing.parse(text);
    for (Node block = document.getFirstChild(); block != null; block = block.getNext()) {
      blocks.add(block);
    }
    return blocks;
  }

  /**
   * How many leading blocks are closed for good: every block before the last one whose first line
   * is complete. A block started on an unfinished line may still turn into something else (a {@code
   * -} that becomes a setext underline), so the block before it stays open too.
   */
  private static int closedBlocks(String text, List<Node> blocks) {
    for (int i = blocks.size() - 1; i > 0; i--) {
      int start = lineStart(blocks.get(i));
      if (text.indexOf('\n', start) >= 0) {
        return i;
      }
    }
    return 0;
  }

  private static int lineStart(Node block) {
    SourceSpan first = block.getSourceSpans().get(0);
    return first.getInputIndex() - first.getColumnIndex();
  }

  /** The frozen lines, a blank line, then the open block's lines, without copying them. */
  @SafeVarargs
  private static List<StyledLine> joined(List<StyledLine> done, List<StyledLine>... open) {
    List<List<StyledLine>> parts = new ArrayList<>();
    parts.add(done);
    int openSize = 0;
    for (List<StyledLine> part : open) {
      openSize += part.size();
    }
    if (!done.isEmpty() && openSize > 0) {
      parts.add(List.of(StyledLine.EMPTY));
    }
    for (List<StyledLine> part : open) {
      parts.add(part);
    }
    int[] starts = new int[parts.size() + 1];
    for (int i = 0; i < parts.size(); i++) {
      starts[i + 1] = starts[i] + parts.get(i).size();
    }
    return new AbstractList<>() {
      @Override
      public StyledLine get(int index) {
        if (index < 0 || index >= starts[parts.size()]) {
          throw new IndexOutOfBoundsException(index);
        }
        int part = 0;
        while (index >= starts[part + 1]) {
          part++;
        }
        return parts.get(part).get(index - starts[part]);
      }

      @Override
      public int size() {
        return starts[parts.size()];
      }
    };
  }
}
