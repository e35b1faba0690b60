package dev.milktui.tui.text;

import java.util.Objects;

/** A run of text in one style. The text holds no newline or tab (renderers expand those). */
public record Span(String text, TextStyle style) {
  public Span {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(style, "style");
  }

  public static Span plain(String text) {
    return new Span(text, TextStyle.PLAIN);
  }

  /** Terminal columns. */
  public int width() {
    return Graphemes.width(text);
  }
}
