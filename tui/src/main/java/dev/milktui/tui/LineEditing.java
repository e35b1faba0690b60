package dev.milktui.tui;

/**
 * Readline's motions and kills over a message and a caret offset into it: pure, so the message box
 * stays a thin adapter. "Line" is the line the caret is on; a word is a run of letters or digits
 * (Alt+B/F, Alt+Backspace), or of non-spaces for Ctrl+W, as in readline.
 */
record LineEditing(String text, int caret) {

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
    while (at > 0 && !isWordChar(text.charAt(at - 1))) {
      at--;
    }
    while (at > 0 && isWordChar(text.charAt(at - 1))) {
      at--;
    }
    return at(at);
  }

  LineEditing wordRight() {
    int at = caret;
    while (at < text.length() && !isWordChar(text.charAt(at))) {
      at++;
    }
    while (at < text.length() && isWordChar(text.charAt(at))) {
      at++;
    }
    return at(at);
  }

  private static boolean isWordChar(char c) {
    return Character.isLetterOrDigit(c);
  }

  private LineEditing at(int offset) {
    return new LineEditing(text, offset);
  }

  private LineEditing delete(int from, int to) {
    return new LineEditing(text.substring(0, from) + text.substring(to), from);
  }
}
