package dev.milktui.tui.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StyledLineTest {
  @Test
  void cuttingALineKeepsTheLinkOfEverySpanItKeeps() {
    String url = "https://example.com/page";
    StyledLine line =
        StyledLine.cut(12, new Span("see ", TextStyle.PLAIN), new Span(url, TextStyle.CODE, url));
    assertThat(line.plain()).isEqualTo("see https:/…");
    assertThat(line.spans().get(1).link()).isEqualTo(url);
    assertThat(line.spans().get(1).style()).isEqualTo(TextStyle.CODE);
    assertThat(line.spans().get(0).link()).isNull();
  }
}
