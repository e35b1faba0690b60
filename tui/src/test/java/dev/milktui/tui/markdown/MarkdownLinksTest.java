package dev.milktui.tui.markdown;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.tui.text.Span;
import dev.milktui.tui.text.StyledLine;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MarkdownLinksTest {
  private static final String URL =
      "https://example.com/a/very/long/path/that/does/not/fit/in/the/pane?q=1&r=two#part";

  /** The text of the spans linked to {@code url}, line by line, in order. */
  private static List<String> linked(List<StyledLine> lines, String url) {
    List<String> parts = new ArrayList<>();
    for (StyledLine line : lines) {
      StringBuilder part = new StringBuilder();
      for (Span span : line.spans()) {
        if (url.equals(span.link())) {
          part.append(span.text());
        }
      }
      if (part.length() > 0) {
        parts.add(part.toString());
      }
    }
    return parts;
  }

  @Test
  void aBareUrlWiderThanThePaneIsWrappedWholeAndEveryRowLinksToTheWholeUrl() {
    List<StyledLine> lines = MarkdownRenderer.render("See " + URL + " for more.", 30);
    List<String> parts = linked(lines, URL);
    assertThat(parts).hasSizeGreaterThan(2);
    assertThat(String.join("", parts)).isEqualTo(URL);
    assertThat(lines).allMatch(l -> l.width() <= 30);
    String all = String.join("", lines.stream().map(StyledLine::plain).toList());
    assertThat(all).contains(URL).endsWith("more.");
  }

  @Test
  void aLinksTextAndItsShownAddressBothLinkToTheDestination() {
    List<StyledLine> lines =
        MarkdownRenderer.render("Read [the **docs**](https://example.com/docs) now.", 80);
    assertThat(lines.get(0).spans())
        .filteredOn(s -> s.link() != null)
        .extracting(Span::text)
        .containsExactly("the docs", "https://example.com/docs");
    assertThat(lines.get(0).spans())
        .filteredOn(s -> s.link() != null)
        .allMatch(s -> s.link().equals("https://example.com/docs"));
    assertThat(lines.get(0).plain()).isEqualTo("Read the docs (https://example.com/docs) now.");
  }

  @Test
  void anEmailAddressLinksToItsMailtoUrlAndPlainTextLinksNowhere() {
    List<StyledLine> lines = MarkdownRenderer.render("Write to someone@example.com today.", 80);
    assertThat(linked(lines, "mailto:someone@example.com")).containsExactly("someone@example.com");
    assertThat(lines.get(0).spans())
        .filteredOn(s -> s.text().contains("today"))
        .allMatch(s -> s.link() == null);
  }

  @Test
  void aStreamedUrlIsLinkedAsTheWholeRendererLinksIt() {
    MarkdownStream stream = new MarkdownStream();
    String text = "Open " + URL + " and see.\n";
    for (int i = 0; i < text.length(); i += 7) {
      stream.append(text.substring(i, Math.min(text.length(), i + 7)));
    }
    assertThat(String.join("", linked(stream.lines(30), URL))).isEqualTo(URL);
  }
}
