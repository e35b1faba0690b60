package dev.milktui.tui.markdown;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.tui.text.StyledLine;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MarkdownStreamTest {
  private static final List<String> DOCUMENTS =
      List.of(
          "para one\n\npara two",
          "title\n---\nnext",
          "- a\n\n- b\n\ntext\n- c",
          "a | b\n--|--\n1 | 2\n\nafter",
          "```\ncode\n\n\nmore\n```\nafter\n\n    indented\n\n    again\n",
          "*open emphasis that closes\nmuch later*",
          "> quote\ncontinued lazily\n\n# heading\ntext\n***\n1. one\n2. two");

  private static List<String> texts(List<StyledLine> lines) {
    return lines.stream().map(StyledLine::plain).toList();
  }

  private static List<StyledLine> streamed(String document, int delta, int width) {
    MarkdownStream stream = new MarkdownStream();
    for (int i = 0; i < document.length(); i += delta) {
      stream.append(document.substring(i, Math.min(document.length(), i + delta)));
      stream.lines(width);
    }
    return new ArrayList<>(stream.lines(width));
  }

  @Test
  void streamingInDeltasGivesTheSameLinesAsRenderingTheWhole() {
    List<String> documents = new ArrayList<>(DOCUMENTS);
    for (String name : MarkdownSamples.NAMES) {
      documents.add(MarkdownSamples.read(name));
    }
    for (String document : documents) {
      for (int width : new int[] {30, 80}) {
        List<StyledLine> whole = MarkdownRenderer.render(document, width);
        for (int delta : new int[] {1, 7, 20}) {
          assertThat(streamed(document, delta, width))
              .as("%s in deltas of %d at width %d", document, delta, width)
              .isEqualTo(whole);
        }
      }
    }
  }

  @Test
  void linesOfSeveralWidthsStayApart() {
    MarkdownStream stream = new MarkdownStream();
    stream.append("one two three four\n\nfive six seven\n\n");
    stream.append("eight");
    assertThat(texts(stream.lines(10)))
        .containsExactly("one two", "three four", "", "five six", "seven", "", "eight");
    assertThat(texts(stream.lines(80)))
        .containsExactly("one two three four", "", "five six seven", "", "eight");
  }
}
