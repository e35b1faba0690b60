package dev.milktui.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.grants.GrantPersister;
import dev.milktui.core.protocol.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The session actor's transitions that only a scripted claude can show on demand: turns it starts
 * itself, relaunches with messages waiting, an input it stops reading, repeated and unknown request
 * ids, and its death in each state.
 */
class SessionActorTest extends StandInFixture {

  private static List<String> userMessages(List<String> stdin) throws Exception {
    List<String> texts = new ArrayList<>();
    for (String line : stdin) {
      JsonNode node = Json.mapper().readTree(line);
      if ("user".equals(node.path("type").asText())) {
        texts.add(node.at("/message/content").asText());
      }
    }
    return texts;
  }

  private void awaitFile(Path file) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (!Files.exists(file) && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(file).exists();
  }

  @Test
  void aTurnClaudeStartsByItselfIsBusyAndCanBeInterrupted() throws Exception {
    FakeClaude fake = FakeClaude.script(dir, printf(init()) + "next_line; exit 0");
    open(fake).start();
    events.await(SessionEvent.TurnStarted.class);
    assertThat(session.busy()).isTrue();

    session.interrupt();
    events.await(SessionEvent.ProcessExited.class);
    JsonNode interrupt = Json.mapper().readTree(fake.lastStdin().orElseThrow().get(0));
    assertThat(interrupt.get("type").asText()).isEqualTo("control_request");
    assertThat(interrupt.at("/request/subtype").asText()).isEqualTo("interrupt");
  }

  @Test
  void aResumedSessionShowsTheEarlierConversationBeforeMessagesSentMeanwhile() {
    FakeClaude fake =
        FakeClaude.script(
            dir, "while next_line; do cat '" + transcript("b-stdin-stream-json") + "'; done");
    session =
        new ClaudeSession(
            fake.spec(dir).withResume(SID), events, GrantPersister.REFUSE, SessionRecorder.NONE);
    session.start(
        UnaryOperator::identity,
        () -> List.of(new SessionEvent.UserPrompt("earlier question", false)));
    session.send("new question");
    events.await(SessionEvent.TurnFinished.class);

    assertThat(events.all(SessionEvent.UserPrompt.class))
        .extracting(SessionEvent.UserPrompt::text)
        .containsExactly("earlier question", "new question");
    assertThat(fake.runs().get(0)).contains("--resume=" + SID);
  }

  @Test
  void aRelaunchForGrantsSendsTheRetryFirstThenTheMessagesThatWaited() throws Exception {
    FakeClaude fake =
        FakeClaude.script(
            dir, "while next_line; do cat '" + transcript("f1-ppt-arg-devnull") + "'; done");
    open(fake).send("Create a file");
    events.await(SessionEvent.GrantsNeeded.class);

    session.resumeWithGrants(
        new GrantDecision(List.of("Bash(touch:*)"), List.of(), false, "retry please"));
    session.send("and then this");
    events.await(SessionEvent.TurnFinished.class, 3);

    assertThat(events.await(SessionEvent.ProcessExited.class).expected())
        .as("the retired process's exit is expected")
        .isTrue();
    List<List<String>> stdins = fake.stdins();
    assertThat(userMessages(stdins.get(0))).containsExactly("Create a file");
    List<String> later = new ArrayList<>();
    for (List<String> stdin : stdins.subList(1, stdins.size())) {
      later.addAll(userMessages(stdin));
    }
    assertThat(later).containsExactly("retry please", "and then this");
    assertThat(fake.runs().get(1)).anySatisfy(a -> assertThat(a).contains("Bash(touch:*)"));
  }

  @Test
  void anInputClaudeStopsReadingIsReportedAsAnExitAndTheNextMessageResumes() throws Exception {
    FakeClaude fake =
        firstRunThen(
            "next_line; cat '"
                + transcript("b-stdin-stream-json")
                // It closes its input only once the context-usage request that follows each turn
                // has arrived: that write failing first would end the process before "second".
                + "'\nIFS= read -r _; exec 0<&-; touch \"$LOG/stdin-closed\"; sleep 600\n");
    open(fake).send("first");
    events.await(SessionEvent.TurnFinished.class);
    awaitFile(fake.log.resolve("stdin-closed"));

    session.send("second");
    SessionEvent.Notice notice =
        events.await(SessionEvent.Notice.class, 1, n -> n.level() == SessionEvent.Level.ERROR);
    assertThat(notice.text()).contains("stopped reading its input");
    SessionEvent.ProcessExited exited = events.await(SessionEvent.ProcessExited.class);
    assertThat(exited.expected()).as("the user is offered resume / new session").isFalse();
    assertThat(session.busy()).isFalse();

    session.send("third");
    events.await(SessionEvent.TurnFinished.class, 2);
    assertThat(fake.runs()).hasSize(2);
    assertThat(fake.runs().get(1)).contains("--resume=" + session.sessionId().orElseThrow());
  }

  @Test
  void aDeadOutputReaderEndsTheProcessAndIsReportedInsteadOfThinkingForever() {
    FakeClaude fake = FakeClaude.script(dir, "next_line\n" + printf(init()) + "sleep 600");
    SessionRecorder failing =
        new SessionRecorder() {
          @Override
          public void fromClaude(byte[] line, int offset, int length) {
            throw new IllegalStateException("simulated failure on the stdout thread");
          }

          @Override
          public void toClaude(String line) {}

          @Override
          public void stderr(String line) {}
        };
    session = new ClaudeSession(fake.spec(dir), events, GrantPersister.REFUSE, failing);
    session.send("hello");

    SessionEvent.Notice notice =
        events.await(SessionEvent.Notice.class, 1, n -> n.level() == SessionEvent.Level.ERROR);
    assertThat(notice.text()).contains("Internal error while talking to claude");
    assertThat(events.await(SessionEvent.ProcessExited.class).expected()).isFalse();
    assertThat(session.busy()).isFalse();
  }

  @Test
  void twoRequestsWithOneIdAreBothShownAndBothAnswered() throws Exception {
    String turn = transcript("d-allow");
    FakeClaude fake =
        FakeClaude.script(
            dir,
            "next_line; head -n 2 '"
                + turn
                + "'; grep control_request '"
                + turn
                + "'; grep control_request '"
                + turn
                + "'; next_line; next_line; tail -n +4 '"
                + turn
                + "' | grep -v control_request; next_line");
    open(fake).send("Create a file with touch");
    PermissionRequest first = events.await(SessionEvent.PermissionRequested.class, 1).request();
    PermissionRequest second = events.await(SessionEvent.PermissionRequested.class, 2).request();
    assertThat(second.requestId()).isEqualTo(first.requestId());
    assertThat(second).isNotSameAs(first);

    assertThat(first.allowOnce()).isTrue();
    assertThat(second.deny("not twice")).isTrue();
    events.await(SessionEvent.TurnFinished.class);

    List<String> stdin = fake.lastStdin().orElseThrow();
    assertThat(stdin).hasSize(3);
    JsonNode allow = Json.mapper().readTree(stdin.get(1));
    JsonNode deny = Json.mapper().readTree(stdin.get(2));
    assertThat(allow.at("/response/request_id").asText()).isEqualTo(first.requestId());
    assertThat(deny.at("/response/request_id").asText()).isEqualTo(first.requestId());
    assertThat(allow.at("/response/response/behavior").asText()).isEqualTo("allow");
    assertThat(deny.at("/response/response/behavior").asText()).isEqualTo("deny");
  }

  @Test
  void aCancelForAnUnknownRequestIdChangesNothingAndTheTurnFinishes() {
    FakeClaude fake =
        FakeClaude.script(
            dir,
            "next_line\n"
                + printf("{\"type\":\"control_cancel_request\",\"request_id\":\"no-such\"}")
                + "cat '"
                + transcript("b-stdin-stream-json")
                + "'; next_line");
    open(fake).send("hello");
    events.await(SessionEvent.TurnFinished.class);
    assertThat(events.all(SessionEvent.PermissionWithdrawn.class)).isEmpty();
    assertThat(session.busy()).isFalse();
  }

  @Test
  void deathBetweenTurnsIsUnexpectedButCutsNoTurn() {
    FakeClaude fake =
        firstRunThen("next_line; cat '" + transcript("b-stdin-stream-json") + "'; exit 5\n");
    open(fake).send("hello");
    events.await(SessionEvent.TurnFinished.class);
    SessionEvent.ProcessExited exited = events.await(SessionEvent.ProcessExited.class);
    assertThat(exited.exitCode()).isEqualTo(5);
    assertThat(exited.expected()).isFalse();
    assertThat(events.all(SessionEvent.Notice.class))
        .noneMatch(n -> n.text().contains("before the turn finished"));

    session.send("again");
    events.await(SessionEvent.TurnFinished.class, 2);
  }

  @Test
  void deathAfterCloseIsExpectedAndNothingMoreIsSent() {
    FakeClaude fake = FakeClaude.script(dir, printf(init()) + "sleep 600");
    open(fake).start();
    events.await(SessionEvent.TurnStarted.class);
    session.close();
    session.send("too late");
    assertThat(events.await(SessionEvent.ProcessExited.class).expected()).isTrue();
    assertThat(events.all(SessionEvent.UserPrompt.class)).isEmpty();
    assertThat(fake.runs()).hasSize(1);
  }

  @Test
  void oneShotTurnsRunOneProcessEachAndAnInterruptEndsOnlyTheRunningOne() throws Exception {
    FakeClaude fake =
        FakeClaude.script(
            dir,
            "if [ -e \"$LOG/first-run-done\" ]; then cat '"
                + transcript("b-stdin-stream-json")
                + "'; exit 0; fi\n"
                + "touch \"$LOG/first-run-done\"\n"
                + printf(init())
                + "sleep 600");
    session =
        new ClaudeSession(
            fake.spec(dir).withTransport(Transport.ONE_SHOT),
            events,
            GrantPersister.REFUSE,
            SessionRecorder.NONE);
    session.send("slow");
    events.await(SessionEvent.TurnStarted.class);
    session.interrupt();
    assertThat(events.await(SessionEvent.ProcessExited.class).expected()).isTrue();

    session.send("quick");
    events.await(SessionEvent.TurnFinished.class);
    assertThat(events.await(SessionEvent.ProcessExited.class, 2).expected())
        .as("a one-shot process ending after its turn is the normal course")
        .isTrue();
    assertThat(fake.runs()).hasSize(2);
    assertThat(fake.runs().get(1)).contains("quick");
  }
}
