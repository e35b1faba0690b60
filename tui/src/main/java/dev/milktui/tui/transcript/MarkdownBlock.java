package dev.milktui.tui.transcript;

import dev.milktui.tui.markdown.MarkdownStream;
import dev.milktui.tui.text.CleanStream;
import dev.milktui.tui.text.StyledLine;
import java.util.List;

/**
 * Claude's reply text, rendered as Markdown as it streams: the stream re-parses only its open tail,
 * and lines are laid out when the transcript asks for them (once per frame, not per delta) and
 * after every {@link #LAYOUT_STEP} chars appended. The latter keeps a frame's layout work small
 * however fast text arrives: the appends run in the event pump's bounded slices, so the text a
 * redraw still has to lay out is never more than one step.
 */
public final class MarkdownBlock extends Block {
  /** Chars appended after which the block is laid out at once rather than at the next frame. */
  static final int LAYOUT_STEP = 4096;

  /** Cleans the raw deltas on the way in. */
  final CleanStream incoming = new CleanStream();

  private final MarkdownStream stream = new MarkdownStream();
  private int width = 80;
  private List<StyledLine> lines;
  private int notLaidOut;

  void append(String clean) {
    stream.append(clean);
    lines = null;
    notLaidOut += clean.length();
    if (notLaidOut >= LAYOUT_STEP) {
      lines();
    }
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
      notLaidOut = 0;
    }
    return lines;
  }
}
