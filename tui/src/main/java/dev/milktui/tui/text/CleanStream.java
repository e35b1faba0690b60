package dev.milktui.tui.text;

/**
 * {@link Sanitizer#clean} for text that arrives in pieces (a streamed reply): the unfinished end of
 * a piece — half of a surrogate pair, an escape sequence still open — waits for the next piece, so
 * the pieces cleaned one by one give what cleaning the whole text gives (an emoji split between two
 * deltas is not two U+FFFD, the rest of a split colour code is not shown as text). One owner.
 */
public final class CleanStream {
  /** The most held back; an escape string longer than this is let go (and cleaned away). */
  static final int MAX_HELD = 4096;

  private static final String PROBE = "X";

  private String held = "";

  /** The clean text that {@code piece} finishes; what may still change waits. */
  public String next(String piece) {
    String text = held.isEmpty() ? piece : held + piece;
    int from = unfinishedFrom(text);
    held = text.substring(from);
    return Sanitizer.clean(text.substring(0, from));
  }

  /** Where the unfinished end of {@code text} starts, or its length when it is all finished. */
  private static int unfinishedFrom(String text) {
    int n = text.length();
    int from = n;
    if (n > 0 && Character.isHighSurrogate(text.charAt(n - 1))) {
      from = n - 1;
    }
    for (int i = n - 1; i >= Math.max(0, n - MAX_HELD); i--) {
      if (opensSequence(text.charAt(i))) {
        // Still open when a printable character after it would be taken into the sequence.
        if (!Sanitizer.clean(text.substring(i) + PROBE).endsWith(PROBE)) {
          from = Math.min(from, i);
        }
        break;
      }
    }
    return from;
  }

  private static boolean opensSequence(char c) {
    return c == 0x1B || c == 0x9B || c == 0x9D || c == 0x90 || c == 0x98 || c == 0x9E || c == 0x9F;
  }
}
