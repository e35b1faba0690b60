package dev.milktui.tui.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class LinkedTextTest {
  /** The whole line in {@code style}. */
  private static List<Span> spans(String line, TextStyle style) {
    return LinkedText.of(line).spans(0, line.length(), style);
  }

  private static List<String> links(List<Span> spans) {
    return spans.stream().filter(s -> s.link() != null).map(Span::link).toList();
  }

  @Test
  void httpHttpsAndFileUrlsLinkToThemselvesAndAnAddressToItsMailtoUrl() {
    List<Span> spans =
        spans(
            "a http://a.example/x b https://b.example/y?q=1 c file:///tmp/z d me@example.com",
            TextStyle.CODE);
    assertThat(links(spans))
        .containsExactly(
            "http://a.example/x",
            "https://b.example/y?q=1",
            "file:///tmp/z",
            "mailto:me@example.com");
    assertThat(spans).allMatch(s -> s.style() == TextStyle.CODE);
    assertThat(spans.stream().map(Span::text).reduce("", String::concat))
        .isEqualTo(
            "a http://a.example/x b https://b.example/y?q=1 c file:///tmp/z d me@example.com");
  }

  @Test
  void otherSchemesAndPlainWordsStayText() {
    assertThat(
            links(
                spans(
                    "ftp://host/f ssh://git@host/r javascript:x() www.example.com",
                    TextStyle.PLAIN)))
        .isEmpty();
  }

  @Test
  void punctuationAroundAUrlIsNotPartOfIt() {
    assertThat(spans("(see https://example.com/a/b).", TextStyle.PLAIN))
        .filteredOn(s -> s.link() != null)
        .extracting(Span::text)
        .containsExactly("https://example.com/a/b");
  }

  @Test
  void eachPartOfAUrlCutIntoRowsLinksToTheWholeUrl() {
    String url = "https://example.com/a/long/path";
    LinkedText text = LinkedText.of("go " + url + " now");
    List<Span> first = text.spans(0, 12, TextStyle.PLAIN);
    List<Span> second = text.spans(12, text.text().length(), TextStyle.PLAIN);
    assertThat(first).extracting(Span::text).containsExactly("go ", "https://e");
    assertThat(second).extracting(Span::text).containsExactly("xample.com/a/long/path", " now");
    assertThat(links(first)).containsExactly(url);
    assertThat(links(second)).containsExactly(url);
  }

  @Test
  void aCutToFitLinksOnlyTheUrlsItLeavesWholeAndShowsTheTextAsCut() {
    LinkedText text = LinkedText.of("a https://a.example/x b https://b.example/long/path c");
    String shown = Columns.fit(text.text(), 30);
    List<Span> spans = text.spansOf(shown, TextStyle.OK);
    assertThat(spans.stream().map(Span::text).reduce("", String::concat)).isEqualTo(shown);
    assertThat(spans).allMatch(s -> s.style() == TextStyle.OK);
    assertThat(spans)
        .filteredOn(s -> s.link() != null)
        .extracting(Span::text)
        .containsExactly("https://a.example/x");
    assertThat(links(spans)).containsExactly("https://a.example/x");
  }

  @Test
  void aCutFromTheLeftLinksTheWholeUrlsAtTheEndAndNotTheOneItCut() {
    LinkedText text = LinkedText.of("https://a.example/abcdef then me@example.com");
    List<Span> spans = text.spansOf("…cdef then me@example.com", TextStyle.PLAIN);
    assertThat(spans).extracting(Span::text).containsExactly("…cdef then ", "me@example.com");
    assertThat(links(spans)).containsExactly("mailto:me@example.com");
  }

  @Test
  void theWholeTextShownLinksEveryUrlAndTextThatIsNoCutOfItLinksNone() {
    LinkedText text = LinkedText.of("see https://a.example/x");
    assertThat(links(text.spansOf("see https://a.example/x", TextStyle.PLAIN)))
        .containsExactly("https://a.example/x");
    assertThat(text.spansOf("see https://a.example/y", TextStyle.PLAIN))
        .extracting(Span::link)
        .containsOnlyNulls();
    assertThat(text.spansOf("", TextStyle.PLAIN)).isEmpty();
  }

  @Test
  void keepingTheStartOfALongTextDropsTheLinkTheCutGoesThrough() {
    LinkedText kept = LinkedText.of("https://a.example/x https://b.example/yyy").cut(30);
    assertThat(kept.text()).isEqualTo("https://a.example/x https://b.…");
    assertThat(links(kept.spansOf(kept.text(), TextStyle.PLAIN)))
        .containsExactly("https://a.example/x");
  }
}
