package dev.milktui.tui;

import dev.milktui.tui.text.Graphemes;

/**
 * Readline's motions and kills over a message and a caret offset into it: pure, so the message box
 * stays a thin adapter. "Line" is the line the caret is on; a word is a run of letters or digits
 * (Alt+B/F, Alt+Backspace), or of non-spaces for Ctrl+W, as in readline. Every step is a whole
 * grapheme, so the caret never stops inside an emoji, a surrogate pair or a letter with its accent.
 */
record LineEditing(String text, int caret) {

  /** Left arrow: one grapheme back (over a line break to the end of the line before). */
  LineEditing left() {
    return at(previous(caret));
  }

  /** Right arrow: one grapheme on. */
  LineEditing right() {
    return at(next(caret));
  }

  /** Backspace: deletes the grapheme before the caret. */
  LineEditing deleteBack() {
    return delete(previous(caret), caret);
  }

  /** Delete: deletes the grapheme after the caret. */
  LineEditing deleteForward() {
    return delete(caret, next(caret));
  }

  LineEditing lineStart() {
    return at(text.lastIndexOf('\n', caret - 1) + 1);
  }

  LineEditing lineEnd() {
    int end = text.indexOf('\n', caret);
    return at(end < 0 ? text.length() : end);
  }

  /** Kills to the end of the line; at the end of a line, joins the next one. */
  LineEditing killToEnd() {
    int end = lineEnd().caret;
    return delete(caret, end == caret ? Math.min(end + 1, text.length()) : end);
  }

  LineEditing killToStart() {
    return delete(lineStart().caret, caret);
  }

  /** Ctrl+W: deletes back to the previous whitespace. */
  LineEditing killSpaceWordBack() {
    int start = caret;
    while (start > 0 && Character.isWhitespace(text.charAt(start - 1))) {
      start--;
    }
    while (start > 0 && !Character.isWhitespace(text.charAt(start - 1))) {
      start--;
    }
    return delete(start, caret);
  }

  /** Alt+Backspace: deletes back to the start of the word. */
  LineEditing killWordBack() {
    return delete(wordLeft().caret, caret);
  }

  LineEditing wordLeft() {
    int at = caret;
    while (at > 0 && !isWordAt(previous(at))) {
      at = previous(at);
    }
    while (at > 0 && isWordAt(previous(at))) {
      at = previous(at);
    }
    return at(at);
  }

  LineEditing wordRight() {
    int at = caret;
    while (at < text.length() && !isWordAt(at)) {
      at = next(at);
    }
    while (at < text.length() && isWordAt(at)) {
      at = next(at);
    }
    return at(at);
  }

  /** Whether the grapheme starting at {@code offset} is part of a word (its base is). */
  private boolean isWordAt(int offset) {
    return Character.isLetterOrDigit(text.codePointAt(offset));
  }

  private int next(int offset) {
    return offset >= text.length() ? offset : Graphemes.next(text, offset, text.length());
  }

  /**
   * The start of the grapheme that ends at {@code offset}; from the line's start, lines are short.
   */
  private int previous(int offset) {
    if (offset <= 0) {
      return 0;
    }
    int at = text.lastIndexOf('\n', offset - 2) + 1;
    int before = at;
    while (at < offset) {
      before = at;
      at = next(at);
    }
    return before;
  }

  private LineEditing at(int offset) {
    return new LineEditing(text, offset);
  }

  private LineEditing delete(int from, int to) {
    return new LineEditing(text.substring(0, from) + text.substring(to), from);
  }
}
