package dev.milktui.tui.bench;

import java.util.Locale;

/** Prints benchmark figures as {@code name=value (target …) PASS|MISS}, or plain for context. */
final class Figures {
  private static boolean allPassed = true;

  private Figures() {}

  static void atLeast(String name, double value, double target) {
    print(name, value, ">= " + number(target), value >= target);
  }

  static void atMost(String name, double value, double target) {
    print(name, value, "<= " + number(target), value <= target);
  }

  /** A figure without a target of its own (context for the others). */
  static void info(String name, double value) {
    System.out.println(name + "=" + number(value));
  }

  static boolean allPassed() {
    return allPassed;
  }

  private static void print(String name, double value, String target, boolean pass) {
    allPassed &= pass;
    System.out.println(
        name + "=" + number(value) + " (target " + target + ") " + (pass ? "PASS" : "MISS"));
  }

  static String number(double value) {
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      return Long.toString((long) value);
    }
    return String.format(Locale.ROOT, Math.abs(value) < 10 ? "%.3f" : "%.1f", value);
  }
}
