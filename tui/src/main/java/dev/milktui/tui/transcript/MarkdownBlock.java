package dev.milktui.tui.transcript;

import dev.milktui.tui.markdown.MarkdownStream;
import dev.milktui.tui.text.CleanStream;
import dev.milktui.tui.text.StyledLine;
import java.util.List;

/**
 * Claude's reply text, rendered as Markdown as it streams: the stream re-parses only its open tail,
 * and lines are laid out only when the transcript asks for them (once per frame, not per delta).
 */
public final class MarkdownBlock extends Block {
  /** Cleans the raw deltas on the way in. */
  final CleanStream incoming = new CleanStream();

  private final MarkdownStream stream = new MarkdownStream();
  private int width = 80;
  private List<StyledLine> lines;

  void append(String clean) {
    stream.append(clean);
    lines = null;
  }

  @Override
  int lineCount() {
    return lines().size();
  }

  @Override
  StyledLine line(int line) {
    return lines().get(line);
  }

  @Override
  void wrap(int width) {
    if (width != this.width) {
      this.width = width;
      lines = null;
    }
  }

  private List<StyledLine> lines() {
    if (lines == null) {
      lines = stream.lines(width);
    }
    return lines;
  }
}
