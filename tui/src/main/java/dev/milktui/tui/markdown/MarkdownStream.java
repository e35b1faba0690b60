package dev.milktui.tui.markdown;

import dev.milktui.tui.text.StyledLine;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.commonmark.node.Node;
import org.commonmark.node.SourceSpan;

/**
 * Markdown that arrives in pieces, rendered as {@link MarkdownRenderer} renders the whole text.
 * Blocks that can no longer change (a later block has started on a finished line) are parsed once
 * and their lines kept per width; only the open tail is parsed again, and only when lines are asked
 * for after an append. Not thread-safe: one owner (the UI thread).
 */
public final class MarkdownStream {
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

  private final List<Frozen> frozen = new ArrayList<>();

  /** All frozen blocks' lines joined (with blank lines between) for the widths asked so far. */
  private final Map<Integer, FrozenLines> frozenLines = new HashMap<>(2);

  private final StringBuilder tail = new StringBuilder();
  private List<Node> openBlocks = List.of();
  private boolean parsed = true;
  private final Map<Integer, List<StyledLine>> openLines = new HashMap<>(2);

  private static final class FrozenLines {
    final List<StyledLine> lines = new ArrayList<>();
    int blocks;
  }

  public void append(String delta) {
    if (delta.isEmpty()) {
      return;
    }
    tail.append(delta);
    parsed = false;
    openLines.clear();
  }

  /** Everything appended so far, as lines of {@code width} columns (a read-only view). */
  public List<StyledLine> lines(int width) {
    int w = Math.max(1, width);
    parseTail();
    List<StyledLine> done = frozenLines(w);
    List<StyledLine> open =
        openLines.computeIfAbsent(
            w,
            k -> {
              List<StyledLine> out = new ArrayList<>();
              for (Node block : openBlocks) {
                MarkdownRenderer.appendBlock(out, BlockRenderer.render(block, k));
              }
              return out;
            });
    boolean gap = !done.isEmpty() && !open.isEmpty();
    int size = done.size() + (gap ? 1 : 0) + open.size();
    return new AbstractList<>() {
      @Override
      public StyledLine get(int index) {
        if (index < done.size()) {
          return done.get(index);
        }
        int i = index - done.size();
        if (gap) {
          if (i == 0) {
            return StyledLine.EMPTY;
          }
          i--;
        }
        return open.get(i);
      }

      @Override
      public int size() {
        return size;
      }
    };
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
    List<Node> blocks = new ArrayList<>();
    Node document = MarkdownParsing.parse(text);
    for (Node block = document.getFirstChild(); block != null; block = block.getNext()) {
      blocks.add(block);
    }
    int keep = closedBlocks(text, blocks);
    if (keep > 0) {
      for (Node block : blocks.subList(0, keep)) {
        frozen.add(new Frozen(block));
      }
      tail.delete(0, lineStart(blocks.get(keep)));
      blocks = blocks.subList(keep, blocks.size());
    }
    openBlocks = List.copyOf(blocks);
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
}
