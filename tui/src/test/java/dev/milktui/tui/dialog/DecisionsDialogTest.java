package dev.milktui.tui.dialog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.ledger.Decision;
import dev.milktui.core.ledger.LedgerReader;
import dev.milktui.core.protocol.Json;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class DecisionsDialogTest {
  private static Decision deny(String command) {
    return new Decision(
        Instant.parse("2026-12-03T10:00:00Z"),
        "457dcd2e-618a",
        Decision.Kind.DENY,
        "Bash",
        Json.object().put("command", command),
        "$ " + command,
        "denied: no",
        Decision.By.YOU,
        "",
        null);
  }

  @Test
  void eachDecisionIsOneMarkedLineAndSkippedLinesAreCounted() {
    String text =
        DecisionsDialog.text(
            "457dcd2e-618a",
            new LedgerReader.Reading(List.of(deny("ls"), deny("echo \u001b[2J")), 1, 0));

    assertThat(text.lines().limit(2))
        .containsExactly(
            "2026-12-03T10:00:00Z  457dcd2e  Bash  $ ls  denied: no  by you",
            text.lines().skip(1).findFirst().orElseThrow());
    assertThat(text).doesNotContain("\u001b").contains("1 unreadable line(s)");
  }

  @Test
  void nothingFromTheLedgerReachesTheScreenRawInAnyField() {
    String hostile = "\u001b]52;c;cm0gLXJmIH4=\u0007 \u009b2J";
    Decision entry =
        new Decision(
            Instant.parse("2026-12-03T10:00:00Z"),
            "457dcd2e\u009b1m",
            Decision.Kind.RAN_WITHOUT_ASKING,
            "Bash" + hostile,
            Json.object().put("command", hostile),
            "$ " + hostile,
            "ran without asking " + hostile,
            Decision.By.RULE,
            "Bash(" + hostile + ")",
            null);

    String text = DecisionsDialog.text("457dcd2e", new LedgerReader.Reading(List.of(entry), 0, 0));

    assertThat(text)
        .doesNotContain("\u001b")
        .doesNotContain("\u0007")
        .doesNotContain("\u009b")
        .contains("]52;c;cm0gLXJmIH4=");
  }

  @Test
  void beforeClaudeNamesTheSessionItSaysSoAndAnEmptyLedgerToo() {
    LedgerReader.Reading none = new LedgerReader.Reading(List.of(), 0, 0);

    assertThat(DecisionsDialog.text(null, none)).startsWith("No session yet");
    assertThat(DecisionsDialog.text("s", none)).startsWith("No decisions recorded");
  }
}
