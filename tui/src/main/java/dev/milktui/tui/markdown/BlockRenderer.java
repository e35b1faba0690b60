package dev.milktui.tui.markdown;

import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.Span;
import dev.milktui.tui.text.StyledLine;
import dev.milktui.tui.text.TextStyle;
import java.util.ArrayList;
import java.util.List;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.node.BlockQuote;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.Heading;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.LinkReferenceDefinition;
import org.commonmark.node.ListBlock;
import org.commonmark.node.ListItem;
import org.commonmark.node.Node;
import org.commonmark.node.OrderedList;
import org.commonmark.node.Paragraph;
import org.commonmark.node.ThematicBreak;

/** Renders one block node (and what it contains) to screen lines of a given width. */
final class BlockRenderer {
  private static final String[] BULLETS = {"• ", "◦ ", "▪ "};

  private BlockRenderer() {}

  /** The lines of {@code block}; none for blocks that show nothing (link definitions). */
  static List<StyledLine> render(Node block, int width) {
    List<StyledLine> out = new ArrayList<>();
    block(block, Math.max(1, width), 0, out);
    return out;
  }

  /** True if {@code block} shows nothing, so no blank line is put around it. */
  static boolean isInvisible(Node block) {
    return block instanceof LinkReferenceDefinition;
  }

  private static void block(Node node, int width, int depth, List<StyledLine> out) {
    if (node instanceof Paragraph) {
      inline(node, TextStyle.PLAIN, width, StyledLine.EMPTY, StyledLine.EMPTY, out);
    } else if (node instanceof Heading heading) {
      TextStyle style = heading.getLevel() <= 2 ? TextStyle.HEADING : TextStyle.STRONG;
      inline(node, style, width, StyledLine.EMPTY, StyledLine.EMPTY, out);
    } else if (node instanceof FencedCodeBlock code) {
      String language = language(code.getInfo());
      if (!language.isEmpty()) {
        out.add(StyledLine.of(Columns.fit("[" + language + "]", width), TextStyle.CODE_LABEL));
      }
      CodeLines.render(code.getLiteral(), language, width, out);
    } else if (node instanceof IndentedCodeBlock code) {
      CodeLines.render(code.getLiteral(), width, out);
    } else if (node instanceof HtmlBlock html) {
      for (String line : CodeLines.lines(html.getLiteral())) {
        Wrapper.wrap(
            List.of(new Piece(Columns.expandTabs(line), TextStyle.PLAIN)),
            width,
            StyledLine.EMPTY,
            StyledLine.EMPTY,
            out);
      }
    } else if (node instanceof ThematicBreak) {
      out.add(StyledLine.of("─".repeat(Math.min(width, 80)), TextStyle.RULE));
    } else if (node instanceof BlockQuote) {
      quote(node, width, depth, out);
    } else if (node instanceof ListBlock list) {
      list(list, width, depth, out);
    } else if (node instanceof TableBlock table) {
      TableLayout.render(table, width, out);
    } else if (!isInvisible(node)) {
      children(node, width, depth, true, out);
    }
  }

  /** Child blocks, with a blank line between them when {@code spaced}. */
  private static void children(
      Node parent, int width, int depth, boolean spaced, List<StyledLine> out) {
    boolean first = true;
    for (Node child = parent.getFirstChild(); child != null; child = child.getNext()) {
      if (isInvisible(child)) {
        continue;
      }
      if (!first && spaced) {
        out.add(StyledLine.EMPTY);
      }
      block(child, width, depth, out);
      first = false;
    }
  }

  private static void quote(Node quote, int width, int depth, List<StyledLine> out) {
    List<StyledLine> inner = new ArrayList<>();
    children(quote, Math.max(1, width - 2), depth, true, inner);
    StyledLine bar = StyledLine.of(new Span("│ ", TextStyle.QUOTE));
    for (StyledLine line : inner) {
      out.add(new StyledLine(Wrapper.merged(restyle(bar.append(line)))));
    }
  }

  /** Quoted text keeps its emphasis and code; plain text in it takes the quote style. */
  private static List<Span> restyle(StyledLine line) {
    List<Span> spans = new ArrayList<>();
    for (Span s : line.spans()) {
      spans.add(s.style() == TextStyle.PLAIN ? new Span(s.text(), TextStyle.QUOTE) : s);
    }
    return spans;
  }

  private static void list(ListBlock list, int width, int depth, List<StyledLine> out) {
    int number = list instanceof OrderedList ordered ? start(ordered) : 0;
    int count = 0;
    for (Node item = list.getFirstChild(); item != null; item = item.getNext()) {
      count++;
    }
    String delimiter =
        list instanceof OrderedList ordered && ordered.getMarkerDelimiter() != null
            ? ordered.getMarkerDelimiter()
            : ".";
    int markerWidth =
        list instanceof OrderedList
            ? String.valueOf(number + Math.max(0, count - 1)).length() + delimiter.length() + 1
            : 2;
    boolean first = true;
    for (Node item = list.getFirstChild(); item != null; item = item.getNext()) {
      if (!first && !list.isTight()) {
        out.add(StyledLine.EMPTY);
      }
      TaskBoxes.Box box = TaskBoxes.of(item);
      String marker =
          list instanceof OrderedList
              ? padLeft(number++ + delimiter, markerWidth - 1) + " "
              : box != null ? (box.checked ? "☑ " : "☐ ") : BULLETS[depth % BULLETS.length];
      item((ListItem) item, list.isTight(), marker, markerWidth, width, depth, out);
      first = false;
    }
  }

  /** The language a fence names: the first word of its info string, if it looks like a name. */
  static String language(String info) {
    if (info == null) {
      return "";
    }
    String word = info.strip().split("\\s+", 2)[0];
    return word.matches("[A-Za-z0-9+#._-]{1,24}") ? word : "";
  }

  private static int start(OrderedList list) {
    Integer start = list.getMarkerStartNumber();
    return start == null ? 1 : start;
  }

  private static String padLeft(String s, int size) {
    return s.length() >= size ? s : " ".repeat(size - s.length()) + s;
  }

  private static void item(
      ListItem item,
      boolean tight,
      String marker,
      int markerWidth,
      int width,
      int depth,
      List<StyledLine> out) {
    List<StyledLine> inner = new ArrayList<>();
    int innerWidth = Math.max(1, width - markerWidth);
    boolean first = true;
    for (Node child = item.getFirstChild(); child != null; child = child.getNext()) {
      if (isInvisible(child) || child instanceof TaskBoxes.Box) {
        continue;
      }
      if (!first && !tight) {
        inner.add(StyledLine.EMPTY);
      }
      block(child, innerWidth, child instanceof ListBlock ? depth + 1 : depth, inner);
      first = false;
    }
    if (inner.isEmpty()) {
      inner.add(StyledLine.EMPTY);
    }
    StyledLine head =
        StyledLine.of(
            marker, TaskBoxes.of(item) != null ? TextStyle.TASK_BOX : TextStyle.LIST_MARKER);
    StyledLine hang = StyledLine.of(" ".repeat(markerWidth), TextStyle.PLAIN);
    for (int i = 0; i < inner.size(); i++) {
      StyledLine line = inner.get(i);
      if (i > 0 && line.spans().isEmpty()) {
        out.add(StyledLine.EMPTY);
      } else {
        out.add(new StyledLine(Wrapper.merged((i == 0 ? head : hang).append(line).spans())));
      }
    }
  }

  /** Wraps the inline content of {@code node}, split into logical lines at line breaks. */
  static void inline(
      Node node,
      TextStyle base,
      int width,
      StyledLine firstPrefix,
      StyledLine restPrefix,
      List<StyledLine> out) {
    List<List<Piece>> lines = Inlines.lines(node, base);
    for (int i = 0; i < lines.size(); i++) {
      Wrapper.wrap(lines.get(i), width, i == 0 ? firstPrefix : restPrefix, restPrefix, out);
    }
  }
}
