package dev.milktui.tui.bench;

import java.util.Arrays;

/** Durations in nanoseconds, kept to read their longest and a percentile in milliseconds. */
final class Samples {
  private long[] values = new long[1024];
  private int size;

  void add(long nanos) {
    if (size == values.length) {
      values = Arrays.copyOf(values, size * 2);
    }
    values[size++] = nanos;
  }

  int count() {
    return size;
  }

  double maxMillis() {
    return percentileMillis(100);
  }

  /** The smallest value at least {@code p} percent of the samples do not exceed; 0 when empty. */
  double percentileMillis(double p) {
    if (size == 0) {
      return 0;
    }
    long[] sorted = Arrays.copyOf(values, size);
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(p / 100 * size);
    return sorted[Math.max(0, Math.min(size, rank) - 1)] / 1e6;
  }
}
