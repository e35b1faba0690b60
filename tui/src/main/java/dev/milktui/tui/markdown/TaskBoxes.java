package dev.milktui.tui.markdown;

import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.BulletList;
import org.commonmark.node.CustomNode;
import org.commonmark.node.ListItem;
import org.commonmark.node.Node;
import org.commonmark.node.Paragraph;
import org.commonmark.node.Text;
import org.commonmark.parser.PostProcessor;

/**
 * GFM task list items ({@code - [ ] todo}, {@code - [x] done}): the box is taken out of the item's
 * text into a {@link Box} before it, once, when the text is parsed, so the list shows ☐ or ☑ in
 * place of its bullet. (commonmark-java's task-list extension is not in the repository the build
 * uses; this is the same rule for bullet lists.)
 */
final class TaskBoxes implements PostProcessor {
  /** A task's box: checked or not. */
  static final class Box extends CustomNode {
    final boolean checked;

    Box(boolean checked) {
      this.checked = checked;
    }
  }

  @Override
  public Node process(Node document) {
    document.accept(
        new AbstractVisitor() {
          @Override
          public void visit(ListItem item) {
            if (item.getParent() instanceof BulletList
                && item.getFirstChild() instanceof Paragraph paragraph
                && paragraph.getFirstChild() instanceof Text text) {
              String literal = text.getLiteral();
              if (literal.length() >= 4
                  && literal.charAt(0) == '['
                  && literal.charAt(2) == ']'
                  && Character.isWhitespace(literal.charAt(3))
                  && " xX".indexOf(literal.charAt(1)) >= 0) {
                text.setLiteral(literal.substring(4));
                item.prependChild(new Box(literal.charAt(1) != ' '));
              }
            }
            visitChildren(item);
          }
        });
    return document;
  }

  /** The box {@code item} starts with, or null. */
  static Box of(Node item) {
    return item.getFirstChild() instanceof Box box ? box : null;
  }
}
