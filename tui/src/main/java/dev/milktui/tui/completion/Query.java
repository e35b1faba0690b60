package dev.milktui.tui.completion;

import java.util.Optional;

/**
 * The word being completed in the message: a slash command typed at the very start ({@code /com}),
 * or a file after {@code @} anywhere ({@code see @src/Ma}), also quoted as Claude Code writes a
 * path with spaces ({@code @"my fo}). {@code start} and {@code end} are the word's offsets in the
 * text (trigger and quotes included); {@code prefix} is what follows the trigger (and the quote).
 */
public record Query(char trigger, int start, int end, String prefix) {
  public static final char COMMAND = '/';
  public static final char FILE = '@';

  /** The word at {@code caret} in {@code text}, if it is one that can be completed. */
  public static Optional<Query> at(String text, int caret) {
    if (caret < 0 || caret > text.length()) {
      return Optional.empty();
    }
    Optional<Query> quoted = quotedFile(text, caret);
    if (quoted.isPresent()) {
      return quoted;
    }
    int start = caret;
    while (start > 0 && !Character.isWhitespace(text.charAt(start - 1))) {
      start--;
    }
    int end = caret;
    while (end < text.length() && !Character.isWhitespace(text.charAt(end))) {
      end++;
    }
    if (start == caret) {
      // The caret is before the word (or in blank space): nothing typed to complete.
      return Optional.empty();
    }
    char first = text.charAt(start);
    String prefix = text.substring(start + 1, caret);
    if (first == COMMAND && start == 0) {
      return Optional.of(new Query(COMMAND, start, end, prefix));
    }
    if (first == FILE) {
      return Optional.of(new Query(FILE, start, end, prefix));
    }
    return Optional.empty();
  }

  /**
   * A quoted file word the caret is in: {@code @"} at the start or after a blank, no quote between
   * it and the caret, on one line; the word ends after its closing quote, if it has one.
   */
  private static Optional<Query> quotedFile(String text, int caret) {
    int open = text.lastIndexOf("@\"", caret - 2);
    if (open < 0 || (open > 0 && !Character.isWhitespace(text.charAt(open - 1)))) {
      return Optional.empty();
    }
    String prefix = text.substring(open + 2, caret);
    if (prefix.indexOf('"') >= 0 || prefix.indexOf('\n') >= 0) {
      return Optional.empty();
    }
    int end = caret;
    while (end < text.length() && text.charAt(end) != '"' && text.charAt(end) != '\n') {
      end++;
    }
    end = end < text.length() && text.charAt(end) == '"' ? end + 1 : caret;
    return Optional.of(new Query(FILE, open, end, prefix));
  }
}
