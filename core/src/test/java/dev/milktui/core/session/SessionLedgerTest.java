package dev.milktui.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.ledger.Decision;
import dev.milktui.core.ledger.DecisionLedger;
import dev.milktui.core.testkit.Persisters;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** What the session actor puts in the ledger beside the answers: modes, grants, no answer. */
class SessionLedgerTest extends StandInFixture {
  private final List<Decision> ledger = new CopyOnWriteArrayList<>();

  private ClaudeSession open(LaunchSpec spec) {
    DecisionLedger into =
        decision -> {
          ledger.add(decision);
          return Optional.empty();
        };
    session =
        new ClaudeSession(
            spec,
            events,
            Persisters.into(new CopyOnWriteArrayList<>()),
            SessionRecorder.NONE,
            into);
    return session;
  }

  private List<Decision> of(Decision.Kind kind) {
    return ledger.stream().filter(d -> d.kind() == kind).toList();
  }

  @Test
  void theModeTheFirstProcessStartsInIsRecordedOnceWithWhoChoseIt() {
    FakeClaude fake =
        FakeClaude.script(
            dir, "while next_line; do cat '" + transcript("b-stdin-stream-json") + "'; done");
    open(fake.spec(dir).withPermissionMode("acceptEdits")).send("one");
    events.await(SessionEvent.TurnFinished.class);
    session.send("two");
    events.await(SessionEvent.TurnFinished.class, 2);

    List<Decision> modes = of(Decision.Kind.MODE);
    assertThat(modes).isNotEmpty();
    assertThat(modes.get(0).decided()).isEqualTo("session started in mode acceptEdits");
    assertThat(modes.get(0).by()).isEqualTo(Decision.By.YOU);
    assertThat(modes.get(0).source()).isEqualTo("--permission-mode");
    assertThat(modes)
        .filteredOn(d -> d.decided().startsWith("session started"))
        .as("once per session, not per init")
        .hasSize(1);
  }

  @Test
  void aRequestOpenWhenClaudeExitsIsDeniedByDefault() {
    FakeClaude fake = FakeClaude.script(dir, asksToTouch() + "exit 0");
    open(fake.spec(dir)).send("Create a file with touch");
    events.await(SessionEvent.PermissionWithdrawn.class);

    List<Decision> denied = of(Decision.Kind.DENY);
    assertThat(denied).hasSize(1);
    assertThat(denied.get(0).by()).isEqualTo(Decision.By.DEFAULT);
    assertThat(denied.get(0).tool()).isEqualTo("Bash");
    assertThat(denied.get(0).decided()).contains("claude exited before the request was answered");
  }

  @Test
  void aRememberedGrantNamesTheFileTheSessionsOwnSaveWrote() {
    FakeClaude fake =
        FakeClaude.script(
            dir, "while next_line; do cat '" + transcript("f1-ppt-arg-devnull") + "'; done");
    open(fake.spec(dir)).send("Create a file");
    events.await(SessionEvent.GrantsNeeded.class);

    session.resumeWithGrants(new GrantDecision(List.of("Bash(touch:*)"), List.of(), true, null));
    events.await(SessionEvent.TurnFinished.class, 2);

    Decision grant = of(Decision.Kind.GRANT).get(0);
    assertThat(grant.details().path("file").asText()).isEqualTo(Persisters.FILE.toString());
    assertThat(grant.details().path("rulesAdded").get(0).asText()).isEqualTo("Bash(touch:*)");
  }
}
