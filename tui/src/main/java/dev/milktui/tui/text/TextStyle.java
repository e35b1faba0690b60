package dev.milktui.tui.text;

/** What a piece of rendered text is; {@code Palette} turns each into colours and attributes. */
public enum TextStyle {
  PLAIN,
  STRONG,
  EMPHASIS,
  STRONG_EMPHASIS,
  /** GFM {@code ~~strikethrough~~}. */
  STRUCK,
  INLINE_CODE,
  CODE,
  HEADING,
  LINK,
  QUOTE,
  RULE,
  TABLE,
  LIST_MARKER,
  DIM,
  DIFF_ADDED,
  DIFF_REMOVED,
  DIFF_CONTEXT,
  LINE_NUMBER,
  /** The conversation around the Markdown: the user's prompt, thinking, notices, tool outcomes. */
  PROMPT,
  THINKING,
  INFO,
  WARNING,
  ERROR,
  OK,
  RUNNING,
  SELECTED
}
