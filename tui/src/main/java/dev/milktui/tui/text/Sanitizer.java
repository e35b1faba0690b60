package dev.milktui.tui.text;

import dev.milktui.core.text.TerminalText;

/**
 * The screen's name for {@link TerminalText}: {@link #clean}/{@link #oneLine} for text to read,
 * {@link #reveal} for anything the user approves (nothing dropped, controls marked).
 */
public final class Sanitizer {
  private Sanitizer() {}

  public static String clean(String text) {
    return TerminalText.clean(text);
  }

  /** Replaces newlines and tabs by spaces too: for one-line previews and titles. */
  public static String oneLine(String text) {
    return TerminalText.oneLine(text);
  }

  /** Every character kept, controls and escape strings marked visibly; newline and tab stay. */
  public static String reveal(String text) {
    return TerminalText.reveal(text);
  }

  /** As {@link #reveal}, with newline and tab marked too: for one-line fields. */
  public static String revealInline(String text) {
    return TerminalText.revealInline(text);
  }

  public static boolean hasControls(String text) {
    return TerminalText.hasControls(text);
  }
}
