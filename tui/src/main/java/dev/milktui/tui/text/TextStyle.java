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
  /** Fenced code's parts, as {@code markdown.CodeColours} finds them. */
  CODE_KEYWORD,
  CODE_STRING,
  CODE_COMMENT,
  CODE_NUMBER,
  /** The language a fenced block names, on the line above it. */
  CODE_LABEL,
  HEADING,
  LINK,
  QUOTE,
  RULE,
  TABLE,
  LIST_MARKER,
  /** A GFM task's box, ☐ or ☑. */
  TASK_BOX,
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
  SELECTED,
  /** A match of the transcript search, and the current one. */
  MATCH,
  MATCH_CURRENT
}
