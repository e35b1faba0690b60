package dev.milktui.tui.dialog;

import dev.milktui.tui.layout.ScrollText;
import dev.milktui.tui.text.Sanitizer;

/**
 * A scrollable, read-only block of text for what the user approves or inspects (a tool call's input
 * and result): revealed, so nothing is dropped and every control is marked; its lines are kept as
 * they are (wrapped at the column, never reflowed).
 */
public final class ReadOnlyText {
  private ReadOnlyText() {}

  public static ScrollText of(String text) {
    return ScrollText.code(Sanitizer.reveal(text));
  }

  /**
   * Shows {@code text} in {@code shown}, made by {@link #of}, as it grows ({@link
   * ScrollText#follow}).
   */
  public static void follow(ScrollText shown, String text) {
    shown.follow(Sanitizer.reveal(text));
  }
}
