package dev.milktui.tui.text;

import java.util.ArrayList;
import java.util.List;

/** One screen line: styled spans drawn left to right. */
public record StyledLine(List<Span> spans) {
  public static final StyledLine EMPTY = new StyledLine(List.of());

  public StyledLine {
    spans = List.copyOf(spans);
  }

  public static StyledLine of(Span... spans) {
    return new StyledLine(List.of(spans));
  }

  public static StyledLine of(String text, TextStyle style) {
    return text.isEmpty() ? EMPTY : new StyledLine(List.of(new Span(text, style)));
  }

  /**
   * {@code spans} on one line cut to {@code width} columns, the last one kept ending in "…"; each
   * keeps its style and link.
   */
  public static StyledLine cut(int width, Span... spans) {
    List<Span> kept = new ArrayList<>();
    int room = width;
    for (Span span : spans) {
      if (span.text().isEmpty() || room <= 0) {
        continue;
      }
      String text = Columns.fit(span.text(), room);
      kept.add(span.withText(text));
      room -= Columns.width(text);
    }
    return new StyledLine(kept);
  }

  /** Terminal columns the line takes. */
  public int width() {
    int w = 0;
    for (Span span : spans) {
      w += span.width();
    }
    return w;
  }

  /** The text without styles, as it would be copied from the screen. */
  public String plain() {
    if (spans.size() == 1) {
      return spans.get(0).text();
    }
    StringBuilder out = new StringBuilder();
    for (Span span : spans) {
      out.append(span.text());
    }
    return out.toString();
  }

  /** This line followed by {@code other}'s spans. */
  public StyledLine append(StyledLine other) {
    List<Span> all = new ArrayList<>(spans);
    all.addAll(other.spans);
    return new StyledLine(all);
  }
}
