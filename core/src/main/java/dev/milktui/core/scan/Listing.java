package dev.milktui.core.scan;

import java.util.ArrayList;
import java.util.List;

/** Collects a {@link Listed}: keeps the first {@code limit} items and counts the rest. */
final class Listing<T> {
  private final int limit;
  private final List<T> items = new ArrayList<>();
  private long total;

  Listing(int limit) {
    this.limit = limit;
  }

  /** Counts the item; true when it was kept. */
  boolean add(T item) {
    total++;
    if (items.size() < limit) {
      items.add(item);
      return true;
    }
    return false;
  }

  /** Counts an item that would not be kept anyway. */
  void countOnly() {
    total++;
  }

  /** How many more items would be kept. */
  int room() {
    return limit - items.size();
  }

  boolean isFull() {
    return items.size() >= limit;
  }

  Listed<T> listed() {
    return new Listed<>(items, total);
  }
}
