package dev.milktui.tui.completion;

import java.util.Optional;

/**
 * The word being completed in the message: a slash command typed at the very start ({@code /com}),
 * or a file after {@code @} anywhere ({@code see @src/Ma}). {@code start} and {@code end} are the
 * word's offsets in the text (trigger included); {@code prefix} is what follows the trigger.
 */
public record Query(char trigger, int start, int end, String prefix) {
  public static final char COMMAND = '/';
  public static final char FILE = '@';

  /** The word at {@code caret} in {@code text}, if it is one that can be completed. */
  public static Optional<Query> at(String text, int caret) {
    if (caret < 0 || caret > text.length()) {
      return Optional.empty();
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
}
