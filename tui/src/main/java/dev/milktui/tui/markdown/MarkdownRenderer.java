package dev.milktui.tui.markdown;

import dev.milktui.tui.text.StyledLine;
import java.util.ArrayList;
import java.util.List;
import org.commonmark.node.Node;

/**
 * Markdown (CommonMark with GFM tables) to screen lines: headings without {@code #}, emphasis, code
 * without fences or gutter, lists with hanging indents, quotes with a bar, tables with box
 * characters fitted to the width, links with their URL whole. Blocks are separated by one blank
 * line. The text must already be clean of control characters.
 */
public final class MarkdownRenderer {
  private MarkdownRenderer() {}

  public static List<StyledLine> render(String markdown, int width) {
    List<StyledLine> out = new ArrayList<>();
    Node document = MarkdownParsing.parse(markdown);
    for (Node block = document.getFirstChild(); block != null; block = block.getNext()) {
      appendBlock(out, BlockRenderer.render(block, width));
    }
    return out;
  }

  /** Adds a top-level block's lines, after a blank line unless it is the first or shows nothing. */
  static void appendBlock(List<StyledLine> out, List<StyledLine> block) {
    if (block.isEmpty()) {
      return;
    }
    if (!out.isEmpty()) {
      out.add(StyledLine.EMPTY);
    }
    out.addAll(block);
  }
}
