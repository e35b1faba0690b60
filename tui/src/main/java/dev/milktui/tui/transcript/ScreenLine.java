package dev.milktui.tui.transcript;

/** One line of the transcript as the view draws it; {@code style} is a {@link Paragraph} style. */
public record ScreenLine(Paragraph.Kind kind, byte style, String text) {
  static final ScreenLine BLANK = new ScreenLine(Paragraph.Kind.INFO, Paragraph.PROSE, "");
}
