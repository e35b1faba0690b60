package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.ledger.Decision;
import dev.milktui.core.ledger.DecisionLine;
import dev.milktui.core.ledger.LedgerFolder;
import dev.milktui.core.protocol.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DecisionsCommandTest {
  private static final Instant NOW = Instant.parse("2026-12-03T18:00:00Z");
  private static final String SESSION_A = "457dcd2e-618a-4ba4-806f-8c466d9a2436";
  private static final String SESSION_B = "99990000-618a-4ba4-806f-8c466d9a2436";

  @TempDir Path temp;
  private Environment environment;
  private Path folder;

  @BeforeEach
  void setUp() throws IOException {
    environment = new Environment(Map.of("XDG_STATE_HOME", temp.toString()), temp.resolve("home"));
    folder = Files.createDirectories(LedgerFolder.of(temp.resolve("milk-tui")));
  }

  private CommandRun decisions(String... args) {
    return CommandRun.of(new DecisionsCommand(environment, Clock.fixed(NOW, ZoneOffset.UTC)), args);
  }

  private static Decision allow(String time, String session, String command) {
    return new Decision(
        Instant.parse(time),
        session,
        Decision.Kind.ALLOW_ONCE,
        "Bash",
        Json.object().put("command", command),
        "$ " + command,
        "allowed once",
        Decision.By.YOU,
        "",
        null);
  }

  private static Decision ranByBaseline(String time, String session) {
    return new Decision(
        Instant.parse(time),
        session,
        Decision.Kind.RAN_WITHOUT_ASKING,
        "Read",
        Json.object().put("file_path", "/p/a"),
        "file_path = \"/p/a\"",
        "ran without asking",
        Decision.By.BASELINE,
        "Read",
        null);
  }

  private void write(String day, Decision... entries) throws IOException {
    StringBuilder text = new StringBuilder();
    for (Decision entry : entries) {
      text.append(DecisionLine.write(entry)).append('\n');
    }
    Files.writeString(folder.resolve(day + ".jsonl"), text);
  }

  @Test
  void eachDecisionIsOneLineNewestLastWithTimeSessionToolInputDecisionAndWho() throws IOException {
    write("2026-12-02", allow("2026-12-02T10:00:00Z", SESSION_A, "ls -la"));
    write("2026-12-03", ranByBaseline("2026-12-03T09:00:00Z", SESSION_B));

    CommandRun run = decisions();

    assertThat(run.exitCode()).isZero();
    assertThat(run.out().lines())
        .containsExactly(
            "2026-12-02T10:00:00Z  457dcd2e  Bash  $ ls -la  allowed once  by you",
            "2026-12-03T09:00:00Z  99990000  Read  file_path = \"/p/a\"  ran without asking  by"
                + " the baseline (Read)");
    assertThat(run.err()).isEmpty();
  }

  @Test
  void sessionTakesTheStartOfAnIdAndSinceTakesADateADatetimeOrATimeAgo() throws IOException {
    write(
        "2026-12-01",
        allow("2026-12-01T10:00:00Z", SESSION_A, "one"),
        allow("2026-12-01T11:00:00Z", SESSION_B, "two"));
    write("2026-12-03", allow("2026-12-03T16:30:00Z", SESSION_A, "three"));

    assertThat(decisions("--session", "457d").out().lines()).hasSize(2);
    assertThat(decisions("--since", "2026-12-02").out().lines()).hasSize(1);
    assertThat(decisions("--since", "2026-12-01T10:30").out().lines()).hasSize(2);
    assertThat(decisions("--since", "2026-12-01T10:30:00+01:00").out().lines()).hasSize(3);
    assertThat(decisions("--since", "2h").out().lines()).hasSize(1);
    assertThat(decisions("--since", "3d").out().lines()).hasSize(3);
    assertThat(decisions("--session", SESSION_B, "--since", "1w").out().lines()).hasSize(1);
  }

  @Test
  void aSinceThatIsNoneOfTheseIsAUsageErrorSayingWhatIsAccepted() {
    CommandRun run = decisions("--since", "yesterday");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("--since takes a date (2026-12-03)").contains("'yesterday'");
    assertThat(run.out()).isEmpty();
  }

  @Test
  void jsonPrintsEachEntryAsKeptOnOneLine() throws IOException {
    Decision entry = allow("2026-12-03T10:00:00Z", SESSION_A, "ls");
    write("2026-12-03", entry);

    CommandRun run = decisions("--json");

    assertThat(run.out().lines()).hasSize(1);
    assertThat(DecisionLine.read(run.out().strip())).contains(entry);
  }

  @Test
  void anInputWithEscapeSequencesNeverReachesTheTerminalRaw() throws IOException {
    String hostile = "echo \u001b]0;owned\u0007 \u001b]52;c;cm0gLXJmIH4=\u0007 \u009b31m \u202e";
    Decision entry =
        new Decision(
            NOW,
            "s\u001b[2J",
            Decision.Kind.DENY,
            "Bash\u001b[31m",
            Json.object().put("command", hostile),
            "$ " + hostile,
            "denied: \u001b[1mno",
            Decision.By.RULE,
            "Bash(\u001b]52;c;eA==\u0007)",
            null);
    write("2026-12-03", entry);

    for (String[] args : new String[][] {{}, {"--json"}}) {
      String out = decisions(args).out();
      assertThat(out)
          .doesNotContain("\u001b")
          .doesNotContain("\u0007")
          .doesNotContain("\u009b")
          .doesNotContain("\u202e");
    }
    assertThat(DecisionLine.read(decisions("--json").out().strip()))
        .as("the JSON escapes controls and reads back the same")
        .contains(entry);
  }

  @Test
  void skippedLinesAreCountedOnStandardErrorAndTheRestIsListed() throws IOException {
    Files.writeString(
        folder.resolve("2026-12-03.jsonl"),
        "garbage\n"
            + DecisionLine.write(allow("2026-12-03T10:00:00Z", SESSION_A, "ls"))
            + "\n{\"ti");

    CommandRun run = decisions();

    assertThat(run.exitCode()).isZero();
    assertThat(run.out().lines()).hasSize(1);
    assertThat(run.err()).contains("Skipped 1 line(s) cut short and 1 unreadable line(s)");
  }

  @Test
  void noLedgerYetListsNothing() throws IOException {
    Files.delete(folder);

    CommandRun run = decisions();

    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).isEmpty();
  }
}
