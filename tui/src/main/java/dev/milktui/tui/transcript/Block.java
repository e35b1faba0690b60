package dev.milktui.tui.transcript;

import dev.milktui.tui.text.StyledLine;

/**
 * One cell of the conversation as the transcript draws it: its screen lines at the current width.
 * The transcript keeps them in order and indexes their first lines.
 */
public abstract sealed class Block permits Paragraph, MarkdownBlock, CallBlock {
  int index;

  /** The screen lines at the width of the last {@link #wrap}. */
  abstract int lineCount();

  abstract StyledLine line(int line);

  /** Lays the block out again at {@code width} columns. */
  abstract void wrap(int width);

  /** Thinking folds to one line when the transcript hides it. */
  boolean isThinking() {
    return false;
  }
}
