package dev.milktui.tui.text;

import java.util.Objects;

/**
 * A run of text in one style. The text holds no newline or tab (renderers expand those). {@code
 * link}: the URL the text links to, or null; the frame writer makes its cells a hyperlink where the
 * terminal supports them.
 */
public record Span(String text, TextStyle style, String link) {
  public Span {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(style, "style");
  }

  public Span(String text, TextStyle style) {
    this(text, style, null);
  }

  public static Span plain(String text) {
    return new Span(text, TextStyle.PLAIN);
  }

  /** Other text with this span's style and link. */
  public Span withText(String other) {
    return new Span(other, style, link);
  }

  /** Whether {@code other} has this span's style and link, so that the two can be one. */
  public boolean looksLike(Span other) {
    return style == other.style && Objects.equals(link, other.link);
  }

  /** Terminal columns. */
  public int width() {
    return Graphemes.width(text);
  }
}
