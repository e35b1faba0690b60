package dev.milktui.core.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.protocol.ResultMessage;
import dev.milktui.core.testkit.Recordings;
import java.util.List;
import org.junit.jupiter.api.Test;

class SessionTotalsTest {
  private final SessionTotals totals = new SessionTotals();

  private static List<ResultMessage> results(String recording) {
    return Recordings.messages(recording).stream()
        .filter(ResultMessage.class::isInstance)
        .map(ResultMessage.class::cast)
        .toList();
  }

  @Test
  void tokensAddUpPerTurnAndCostIsTheProcessesRunningTotal() {
    List<ResultMessage> turns = results("b-stdin-stream-json");
    SessionTotals.Totals sum = null;
    for (ResultMessage result : turns) {
      sum = totals.add("s", result);
    }
    long tokens = turns.stream().mapToLong(r -> r.usage().totalTokens()).sum();
    assertThat(sum.tokens()).isEqualTo(tokens).isPositive();
    assertThat(sum.costUsd()).isEqualTo(turns.get(turns.size() - 1).totalCostUsd());
  }

  @Test
  void aRestartedProcessCountsFromZeroAndTheSessionsCostSurvivesIt() {
    ResultMessage first = results("b-stdin-stream-json").get(0);
    totals.add("s", first);
    totals.processEnded();
    SessionTotals.Totals sum = totals.add("s", first);

    assertThat(sum.costUsd()).isCloseTo(2 * first.totalCostUsd(), within(1e-9));
    assertThat(sum.tokens()).isEqualTo(2 * first.usage().totalTokens());
  }

  @Test
  void aClearedConversationStartsItsOwnTotals() {
    String before = null;
    SessionTotals.Totals last = null;
    for (CliMessage message : Recordings.messages("p6-slash-commands")) {
      if (message instanceof ResultMessage result) {
        before = before == null ? result.sessionId() : before;
        last = totals.add(result.sessionId(), result);
      }
    }
    List<ResultMessage> results = results("p6-slash-commands");
    ResultMessage afterClear = results.get(results.size() - 1);
    assertThat(afterClear.sessionId()).isNotEqualTo(before);
    assertThat(last.costUsd()).isEqualTo(afterClear.totalCostUsd());
    assertThat(totals.add(before, results.get(0)).costUsd())
        .as("the old session keeps what it cost")
        .isGreaterThan(last.costUsd());
  }
}
