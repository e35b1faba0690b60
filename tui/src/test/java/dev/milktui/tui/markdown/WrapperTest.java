package dev.milktui.tui.markdown;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.tui.text.Span;
import dev.milktui.tui.text.StyledLine;
import dev.milktui.tui.text.TextStyle;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WrapperTest {
  @Test
  void adjacentSpansOfOneStyleBecomeOneAndEmptyOnesGo() {
    List<Span> merged =
        Wrapper.merged(
            List.of(
                new Span("a", TextStyle.PLAIN),
                new Span(" ", TextStyle.PLAIN),
                new Span("b", TextStyle.PLAIN),
                new Span("", TextStyle.STRONG),
                new Span("c", TextStyle.STRONG),
                new Span("d", TextStyle.STRONG),
                new Span("", TextStyle.PLAIN),
                new Span("e", TextStyle.PLAIN)));

    assertThat(merged)
        .containsExactly(
            new Span("a b", TextStyle.PLAIN),
            new Span("cd", TextStyle.STRONG),
            new Span("e", TextStyle.PLAIN));
  }

  @Test
  void aSpanAloneInItsStyleIsKeptAsItIs() {
    Span alone = new Span("x", TextStyle.STRONG);

    assertThat(Wrapper.merged(List.of(new Span("a", TextStyle.PLAIN), alone)).get(1))
        .isSameAs(alone);
  }

  @Test
  void wordsWrapAtTheWidthWithTheHangingPrefix() {
    List<StyledLine> out = new ArrayList<>();
    Wrapper.wrap(
        List.of(new Piece("one two three four", TextStyle.PLAIN)),
        9,
        StyledLine.of("- ", TextStyle.PLAIN),
        StyledLine.of("  ", TextStyle.PLAIN),
        out);

    assertThat(out).extracting(StyledLine::plain).containsExactly("- one two", "  three", "  four");
  }
}
