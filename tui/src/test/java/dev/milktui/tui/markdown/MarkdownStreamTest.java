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
          "> quote\ncontinued lazily\n\n# heading\ntext\n***\n1. one\n2. two",
          "A long paragraph line that goes on and on with *emphasis\nacross lines* and `code with"
              + " spaces` and a [link with words](https://example.com/x_y) and snake_case words\n"
              + "    lazily indented\n2. not a list\nhard break follows\\\nafter it  \nand spaces\n"
              + "Then a setext heading\n===\n\nA paragraph before a table that is long enough\n"
              + "| a | b |\n|---|---|\n| 1 | 2 |\n\nFinal words without a newline at the end",
          "Paragraph then list that interrupts it after a long first line of text\n- item\n"
              + "Paragraph then heading that interrupts it after a long first line\n# Heading\n"
              + "Paragraph then fence that interrupts it after a long first line\n```\ncode\n```\n"
              + "**strong opened here and closed** on a later line of the same paragraph\n"
              + "a line with < and > and * alone and _ alone that stay literal\nend",
          "tabs\tbetween words \t of a paragraph long enough\tto be settled in parts\t\tand"
              + " `code\twith tabs` then\n\n```\n\tcode\ta\n```\n",
          "# 👩‍💻 team 🇫🇷\n\n| who | 😀 |\n|:--|--:|\n| 中文 | e\u0301 1️⃣ |\n\n**bold ⚠️** and"
              + " ~~gone~~ and ~~~\n~~~\n> > deep 👨‍👩‍👧‍👦 quote\n");

  private static List<String> texts(List<StyledLine> lines) {
    return lines.stream().map(StyledLine::plain).toList();
  }

  private static List<StyledLine> streamed(
      String document, int delta, int width, int longParagraph) {
    MarkdownStream stream = new MarkdownStream(longParagraph);
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
          for (int longParagraph : new int[] {MarkdownStream.LONG_PARAGRAPH, 1}) {
            assertThat(streamed(document, delta, width, longParagraph))
                .as(
                    "%s in deltas of %d at width %d (long paragraphs from %d)",
                    document, delta, width, longParagraph)
                .isEqualTo(whole);
          }
        }
      }
    }
  }

  /** A reply with no newline at all, far longer than the part kept open, streams exactly. */
  @Test
  void longParagraphWithoutNewlineStreamsAsRenderedWhole() {
    StringBuilder text = new StringBuilder();
    for (int i = 0; text.length() < 3 * OpenParagraph.MAX_REST; i++) {
      text.append(i % 7 == 0 ? "**word** " : i % 5 == 0 ? "`co de` " : "plain_text ");
    }
    String document = text.toString().strip();
    assertThat(streamed(document, 20, 80, MarkdownStream.LONG_PARAGRAPH))
        .isEqualTo(MarkdownRenderer.render(document, 80));
  }

  /**
   * Prose with no space and no newline (CJK) is still cut, between graphemes, and streams whole.
   */
  @Test
  void longTextWithoutSpacesStreamsAsRenderedWhole() {
    String document = "日本語のテキスト、👩‍💻と⚠️も。".repeat(2 * OpenParagraph.MAX_REST / 20);
    List<StyledLine> streamed = streamed(document, 20, 80, MarkdownStream.LONG_PARAGRAPH);
    assertThat(streamed).isEqualTo(MarkdownRenderer.render(document, 80));
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
