package dev.milktui.tui.markdown;

import java.util.ArrayList;
import java.util.List;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.IndentedCodeBlock;

/** The code blocks of a Markdown text as the transcript shows them, found by the same parser. */
public final class FencedCode {
  private FencedCode() {}

  /** Each code block's text (fenced or indented), in order, without its fence. */
  public static List<String> in(String markdown) {
    List<String> blocks = new ArrayList<>();
    MarkdownParsing.parse(markdown)
        .accept(
            new AbstractVisitor() {
              @Override
              public void visit(FencedCodeBlock code) {
                blocks.add(code.getLiteral());
              }

              @Override
              public void visit(IndentedCodeBlock code) {
                blocks.add(code.getLiteral());
              }
            });
    return blocks;
  }
}
