package dev.milktui.tui.transcript;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.tui.text.StyledLine;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MarkdownBlockTest {
  private static List<StyledLine> lines(MarkdownBlock block) {
    List<StyledLine> lines = new ArrayList<>();
    for (int i = 0; i < block.lineCount(); i++) {
      lines.add(block.line(i));
    }
    return lines;
  }

  @Test
  void aReplyLaidOutStepByStepAsItStreamsShowsWhatTheWholeReplyShows() {
    StringBuilder text = new StringBuilder("# Title\n\n");
    for (int i = 0; text.length() < 5 * MarkdownBlock.LAYOUT_STEP; i++) {
      text.append("word ").append(i).append(i % 7 == 0 ? " **bold** " : " ");
      text.append(i % 23 == 0 ? "\n" : "").append(i % 97 == 0 ? "\n- item\n\n" : "");
    }
    MarkdownBlock streamed = new MarkdownBlock();
    streamed.wrap(60);
    for (int at = 0; at < text.length(); at += 20) {
      streamed.append(text.substring(at, Math.min(text.length(), at + 20)));
    }
    MarkdownBlock whole = new MarkdownBlock();
    whole.wrap(60);
    whole.append(text.toString());

    assertThat(lines(streamed)).isEqualTo(lines(whole)).hasSizeGreaterThan(100);
  }
}
