package dev.milktui.core.scan;

import java.util.List;

/**
 * The first items of a list that can be as long as the file it came from, and how many there were
 * in all: a report lists at most a fixed number of each kind, so its memory does not grow with the
 * file.
 */
public record Listed<T>(List<T> items, long total) {
  public Listed {
    items = List.copyOf(items);
  }

  public static <T> Listed<T> of(List<T> items) {
    return new Listed<>(items, items.size());
  }

  /** How many were counted but not kept. */
  public long omitted() {
    return total - items.size();
  }

  public boolean isEmpty() {
    return total == 0;
  }
}
