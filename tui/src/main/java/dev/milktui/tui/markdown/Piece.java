package dev.milktui.tui.markdown;

import dev.milktui.tui.text.TextStyle;

/** Styled inline text before wrapping; {@code link}: the URL it links to, or null. */
record Piece(String text, TextStyle style, String link) {
  Piece(String text, TextStyle style) {
    this(text, style, null);
  }

  Piece withText(String other) {
    return new Piece(other, style, link);
  }
}
