package dev.milktui.tui.dialog;

import dev.milktui.core.ledger.Decision;
import dev.milktui.core.ledger.DecisionSummary;
import dev.milktui.core.ledger.LedgerReader;

/**
 * This session's decisions from the ledger, read-only, newest last: one line each, as {@code
 * milk-tui decisions --session ID} prints them (marked, so nothing in the file acts on the screen).
 */
public final class DecisionsDialog {
  private DecisionsDialog() {}

  public static Overlay of(String sessionId, LedgerReader.Reading reading) {
    return new SimpleDialog("Decisions in this session").scrollingText(text(sessionId, reading));
  }

  static String text(String sessionId, LedgerReader.Reading reading) {
    if (sessionId == null || sessionId.isEmpty()) {
      return "No session yet: decisions are listed once claude has named the session.";
    }
    StringBuilder text = new StringBuilder();
    if (reading.entries().isEmpty()) {
      text.append("No decisions recorded for this session yet.");
    }
    for (Decision decision : reading.entries()) {
      if (text.length() > 0) {
        text.append('\n');
      }
      text.append(DecisionSummary.line(decision));
    }
    int skipped = reading.tornLines() + reading.badLines();
    if (skipped > 0) {
      text.append("\n\n").append(skipped).append(" unreadable line(s) of the ledger were skipped.");
    }
    return text.append("\n\nAll sessions: milk-tui decisions").toString();
  }
}
