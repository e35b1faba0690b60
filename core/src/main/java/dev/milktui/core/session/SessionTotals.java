package dev.milktui.core.session;

import dev.milktui.core.protocol.ResultMessage;
import java.util.HashMap;
import java.util.Map;

/**
 * Tokens and cost of each session, summed over every claude process that served it: the CLI's
 * {@code total_cost_usd} counts from zero in each process (and again after {@code /clear}, which
 * starts a new session id), and its {@code usage} is per turn. Owned by the session actor.
 */
final class SessionTotals {
  private final Map<String, Totals> bySession = new HashMap<>();

  /** A turn's result in the current process; returns the session's totals after it. */
  Totals add(String sessionId, ResultMessage result) {
    Totals totals = bySession.computeIfAbsent(sessionId, id -> new Totals());
    totals.tokens += result.usage().totalTokens();
    totals.processCost = Math.max(totals.processCost, result.totalCostUsd());
    return totals;
  }

  /** The process ended: what it cost stays in each session's total. */
  void processEnded() {
    for (Totals totals : bySession.values()) {
      totals.earlierProcesses += totals.processCost;
      totals.processCost = 0;
    }
  }

  static final class Totals {
    private long tokens;
    private double earlierProcesses;
    private double processCost;

    long tokens() {
      return tokens;
    }

    double costUsd() {
      return earlierProcesses + processCost;
    }
  }
}
