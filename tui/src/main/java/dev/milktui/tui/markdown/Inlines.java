package dev.milktui.tui.markdown;

import dev.milktui.tui.text.TextStyle;
import java.util.ArrayList;
import java.util.List;
import org.commonmark.ext.gfm.strikethrough.Strikethrough;
import org.commonmark.node.Code;
import org.commonmark.node.Emphasis;
import org.commonmark.node.HardLineBreak;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.Image;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.StrongEmphasis;
import org.commonmark.node.Text;

/**
 * Flattens a block's inline nodes into styled pieces, one list per logical line. Soft and hard
 * breaks both end a line: Claude's line breaks inside a paragraph are meant as such.
 */
final class Inlines {
  private final List<List<Piece>> lines = new ArrayList<>();
  private List<Piece> line = new ArrayList<>();

  /** The destination of the link being read, or null: its text and shown URL link to it. */
  private String href;

  private Inlines() {
    lines.add(line);
  }

  static List<List<Piece>> lines(Node block, TextStyle base) {
    Inlines inlines = new Inlines();
    inlines.children(block, base);
    return inlines.lines;
  }

  private void children(Node parent, TextStyle style) {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNext()) {
      node(n, style);
    }
  }

  private void node(Node n, TextStyle style) {
    if (n instanceof Text text) {
      add(text.getLiteral(), style);
    } else if (n instanceof Code code) {
      add(code.getLiteral(), TextStyle.INLINE_CODE);
    } else if (n instanceof Emphasis) {
      children(n, style == TextStyle.STRONG ? TextStyle.STRONG_EMPHASIS : emphasised(style));
    } else if (n instanceof StrongEmphasis) {
      children(n, style == TextStyle.EMPHASIS ? TextStyle.STRONG_EMPHASIS : strong(style));
    } else if (n instanceof Strikethrough) {
      children(n, style == TextStyle.PLAIN || style == TextStyle.QUOTE ? TextStyle.STRUCK : style);
    } else if (n instanceof Link link) {
      link(link.getDestination(), n, style);
    } else if (n instanceof Image image) {
      link(image.getDestination(), n, style);
    } else if (n instanceof SoftLineBreak || n instanceof HardLineBreak) {
      line = new ArrayList<>();
      lines.add(line);
    } else if (n instanceof HtmlInline html) {
      add(html.getLiteral(), style);
    } else {
      children(n, style);
    }
  }

  private static TextStyle emphasised(TextStyle style) {
    return style == TextStyle.PLAIN || style == TextStyle.QUOTE ? TextStyle.EMPHASIS : style;
  }

  private static TextStyle strong(TextStyle style) {
    return style == TextStyle.PLAIN || style == TextStyle.QUOTE ? TextStyle.STRONG : style;
  }

  /**
   * A link shows its text, then its URL whole in parentheses; a bare URL (an autolink) shows once.
   */
  private void link(String destination, Node n, TextStyle style) {
    int firstLine = lines.size() - 1;
    int firstPiece = line.size();
    String outer = href;
    if (destination != null && !destination.isEmpty()) {
      href = destination;
    }
    children(n, TextStyle.LINK);
    href = outer;
    String shown = textSince(firstLine, firstPiece);
    if (destination == null
        || destination.isEmpty()
        || shown.equals(destination)
        || destination.equals("mailto:" + shown)) {
      return;
    }
    if (shown.isBlank()) {
      // An image without alt text, a link without text: the address alone.
      add(destination, TextStyle.LINK, destination);
      return;
    }
    add(" (", style);
    add(destination, TextStyle.LINK, destination);
    add(")", style);
  }

  private String textSince(int firstLine, int firstPiece) {
    StringBuilder out = new StringBuilder();
    for (int l = firstLine; l < lines.size(); l++) {
      List<Piece> pieces = lines.get(l);
      for (int p = l == firstLine ? firstPiece : 0; p < pieces.size(); p++) {
        out.append(pieces.get(p).text());
      }
    }
    return out.toString();
  }

  /** Adds text; a tab in running text is white space like any other and is shown as one space. */
  private void add(String text, TextStyle style) {
    add(text, style, href);
  }

  private void add(String text, TextStyle style, String link) {
    if (!text.isEmpty()) {
      line.add(new Piece(text.replace('\t', ' '), style, link));
    }
  }
}
