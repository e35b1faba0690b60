package dev.milktui.tui.markdown;

import dev.milktui.tui.text.TextStyle;

/** Styled inline text before wrapping. */
record Piece(String text, TextStyle style) {}
