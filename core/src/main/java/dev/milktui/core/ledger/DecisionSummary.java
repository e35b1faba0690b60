package dev.milktui.core.ledger;

import dev.milktui.core.text.TerminalText;

/**
 * A decision in one line for a person: time (UTC), the session's short id, the tool, the start of
 * the input as shown, what was decided and by whom. Everything read from the ledger is marked
 * ({@link TerminalText#revealInline}), so a record can never act on the terminal.
 */
public final class DecisionSummary {
  private static final int INPUT_COLUMNS = 60;

  private DecisionSummary() {}

  /** One decision on one line; everything from the file is marked, never printed raw. */
  public static String line(Decision decision) {
    StringBuilder line = new StringBuilder();
    line.append(decision.time()).append("  ");
    line.append(decision.sessionId().isEmpty() ? "-" : shortId(decision.sessionId()));
    line.append("  ").append(decision.tool().isEmpty() ? "-" : safe(decision.tool()));
    if (!decision.shown().isEmpty()) {
      line.append("  ").append(cut(safe(firstLine(decision.shown())), INPUT_COLUMNS));
    }
    line.append("  ").append(safe(decision.decided()));
    line.append("  by ").append(by(decision));
    return line.toString();
  }

  private static String by(Decision decision) {
    String source = safe(decision.source());
    return switch (decision.by()) {
      case YOU -> "you";
      case BASELINE -> "the baseline (" + source + ")";
      case RULE -> "the rule " + source;
      case MODE -> "the mode " + source;
      case CLAUDE -> "claude" + (source.isEmpty() ? "" : " (" + source + ")");
      case DEFAULT -> "default" + (source.isEmpty() ? "" : " (" + source + ")");
    };
  }

  private static String shortId(String id) {
    return safe(id.length() > 8 ? id.substring(0, 8) : id);
  }

  private static String firstLine(String text) {
    int newline = text.indexOf('\n');
    return newline < 0 ? text : text.substring(0, newline) + " …";
  }

  private static String cut(String text, int max) {
    return text.codePointCount(0, text.length()) <= max
        ? text
        : text.substring(0, text.offsetByCodePoints(0, max - 1)) + "…";
  }

  private static String safe(String text) {
    return TerminalText.revealInline(text);
  }
}
