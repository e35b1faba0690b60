package dev.milktui.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.GrantPersister;
import dev.milktui.core.ledger.Decision;
import dev.milktui.core.ledger.LedgerFile;
import dev.milktui.core.ledger.LedgerFolder;
import dev.milktui.core.ledger.LedgerReader;
import dev.milktui.core.testkit.FakeAnthropicApi;
import dev.milktui.core.testkit.Reply;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The real claude asks and runs; the ledger on disk holds what the user and the baseline decided.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class DecisionLedgerRealCliIT extends RealCliFixture {

  @Test
  void anAllowADenyAndACallTheBaselineLetRunAreInTheLedger() throws Exception {
    api =
        FakeAnthropicApi.start(
            Reply.toolUse(
                "toolu_echo", "Bash", Map.of("command", "echo hi", "description", "Print hi")),
            Reply.toolUse(
                "toolu_touch_a", "Bash", Map.of("command", "touch a.txt", "description", "a")),
            Reply.text("Made it."),
            Reply.toolUse(
                "toolu_touch_b", "Bash", Map.of("command", "touch b.txt", "description", "b")),
            Reply.text("Understood."));
    Path folder = LedgerFolder.of(sandbox.root().resolve("state"));
    List<Decision> entries;
    try (LedgerFile ledger = new LedgerFile(folder, Duration.ofSeconds(5))) {
      session =
          new ClaudeSession(
              // The baseline lets every Bash command run; touch always asks all the same.
              launch().askRules(List.of("Bash(touch:*)")).build(),
              events,
              GrantPersister.REFUSE,
              SessionRecorder.NONE,
              ledger);
      session.send("Make a file");
      events.await(SessionEvent.PermissionRequested.class).request().allowOnce();
      events.await(SessionEvent.TurnFinished.class);
      session.send("Another");
      events.await(SessionEvent.PermissionRequested.class, 2).request().deny("Not there.");
      events.await(SessionEvent.TurnFinished.class, 2);
      entries = LedgerReader.read(folder, Optional.empty(), d -> true).entries();
    }

    String sessionId = events.await(SessionEvent.TurnFinished.class).summary().sessionId();
    assertThat(entries)
        .extracting(Decision::kind, Decision::tool, Decision::by)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(Decision.Kind.MODE, "", Decision.By.DEFAULT),
            org.assertj.core.groups.Tuple.tuple(
                Decision.Kind.RAN_WITHOUT_ASKING, "Bash", Decision.By.BASELINE),
            org.assertj.core.groups.Tuple.tuple(Decision.Kind.ALLOW_ONCE, "Bash", Decision.By.YOU),
            org.assertj.core.groups.Tuple.tuple(Decision.Kind.DENY, "Bash", Decision.By.YOU));
    assertThat(entries).allSatisfy(d -> assertThat(d.sessionId()).isEqualTo(sessionId));
    assertThat(entries.get(0).decided()).isEqualTo("session started in mode default");
    assertThat(entries.get(1).source()).isEqualTo("Bash");
    assertThat(entries.get(2).input().path("command").asText()).isEqualTo("touch a.txt");
    assertThat(entries.get(2).shown()).startsWith("$ touch a.txt");
    assertThat(entries.get(3).decided()).isEqualTo("denied: Not there.");
    assertThat(sandbox.workDir().resolve("a.txt")).exists();
    assertThat(sandbox.workDir().resolve("b.txt")).doesNotExist();
  }
}
