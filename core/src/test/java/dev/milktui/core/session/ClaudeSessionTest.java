package dev.milktui.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.grants.GrantPersister;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.testkit.Persisters;
import dev.milktui.core.testkit.Recordings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** The session engine against a scripted stand-in for claude (failure modes on demand). */
class ClaudeSessionTest extends StandInFixture {

  /** Answers every stdin user message with the whole of a recorded turn. */
  private FakeClaude replaying(String name) {
    return FakeClaude.script(dir, "while next_line; do cat '" + transcript(name) + "'; done");
  }

  @Test
  void streamTransportWritesUserMessagesToOneLongLivedProcess() throws Exception {
    FakeClaude fake = replaying("b-stdin-stream-json");
    open(fake, GrantPersister.REFUSE).send("Say hello");
    events.await(SessionEvent.TurnFinished.class);
    session.send("Again");
    events.await(SessionEvent.TurnFinished.class, 2);

    assertThat(fake.runs()).hasSize(1);
    List<String> stdin = fake.lastStdin().orElseThrow();
    assertThat(stdin).hasSize(2);
    JsonNode first = Json.mapper().readTree(stdin.get(0));
    assertThat(first.at("/message/role").asText()).isEqualTo("user");
    assertThat(first.at("/message/content").asText()).isEqualTo("Say hello");
    assertThat(session.sessionId()).isPresent();
    assertThat(session.busy()).isFalse();
    assertThat(events.all(SessionEvent.TextDelta.class)).isNotEmpty();
  }

  @Test
  void claudeStartingInAModeNotAskedForIsSaidInWordsAndSetBackToTheOneAsked() throws Exception {
    // CLI 2.1.300 launched without --permission-mode: its init says auto, then a warning line.
    String recording = transcript("claude-2.1.300/v3-default-mode");
    FakeClaude fake =
        FakeClaude.script(
            dir,
            "next_line; sed -n 3,13p '"
                + recording
                + "'\nwhile next_line; do\n"
                + "  if [[ \"$LINE\" == *set_permission_mode* ]]; then sed -n 16p '"
                + recording
                + "'; fi\ndone");
    open(fake).send("Say hi");

    SessionEvent.PermissionModeUnrequested unrequested =
        events.await(SessionEvent.PermissionModeUnrequested.class);
    events.await(SessionEvent.StatusChanged.class, 1, s -> "default".equals(s.permissionMode()));

    assertThat(unrequested.text())
        .isEqualTo(
            "claude started in auto mode: tools run without asking you; milk-tui is setting it"
                + " back to default.");
    assertThat(fake.runs().get(0)).contains("--permission-mode=default");
    assertThat(fake.lastStdin().orElseThrow())
        .anySatisfy(
            line -> {
              JsonNode request = Json.mapper().readTree(line).path("request");
              assertThat(request.path("subtype").asText()).isEqualTo("set_permission_mode");
              assertThat(request.path("mode").asText()).isEqualTo("default");
            });
    assertThat(events.all(SessionEvent.Notice.class))
        .anySatisfy(
            n -> {
              assertThat(n.level()).isEqualTo(SessionEvent.Level.WARNING);
              assertThat(n.text()).contains("auto mode keeps working");
            });
    assertThat(events.all(SessionEvent.PermissionModeUnrequested.class)).hasSize(1);
  }

  @Test
  void aMissingBinaryIsReportedAsAnErrorAndAnExitNotAnException() {
    LaunchSpec spec = LaunchSpec.defaults(dir.resolve("no-such-claude"), dir);
    session = new ClaudeSession(spec, events, GrantPersister.REFUSE, SessionRecorder.NONE);
    session.send("hello");
    SessionEvent.Notice notice =
        events.await(SessionEvent.Notice.class, 1, n -> n.level() == SessionEvent.Level.ERROR);
    assertThat(notice.text()).contains("Could not start claude").contains("no-such-claude");
    assertThat(events.await(SessionEvent.ProcessExited.class).expected()).isFalse();
    assertThat(session.busy()).isFalse();
  }

  @Test
  void aProcessThatDiesMidTurnIsReportedWithItsStderrAndTheNextMessageResumesTheSession() {
    FakeClaude fake =
        FakeClaude.script(
            dir,
            "if [[ \"$*\" == *--resume=* ]]; then while next_line; do cat '"
                + transcript("b-stdin-stream-json")
                + "'; done; exit 0; fi\n"
                + "next_line; head -n 1 '"
                + transcript("b-stdin-stream-json")
                + "'; echo 'fatal: the model went away' >&2; exit 3");
    open(fake, GrantPersister.REFUSE).send("first");
    SessionEvent.ProcessExited exited = events.await(SessionEvent.ProcessExited.class);
    assertThat(exited.exitCode()).isEqualTo(3);
    assertThat(exited.expected()).isFalse();
    assertThat(exited.stderrTail()).contains("the model went away");
    assertThat(events.all(SessionEvent.Notice.class))
        .anySatisfy(n -> assertThat(n.text()).contains("exited with code 3"));

    session.send("second");
    events.await(SessionEvent.TurnFinished.class);
    assertThat(fake.runs()).hasSize(2);
    assertThat(fake.runs().get(1)).anySatisfy(a -> assertThat(a).startsWith("--resume="));
  }

  @Test
  void allowOnceEchoesTheRequestInputInTheRecordedShape() throws Exception {
    FakeClaude fake =
        FakeClaude.script(
            dir,
            asksToTouch()
                + "next_line; tail -n +4 '"
                + transcript("d-allow")
                + "' | grep -v control_request; next_line");
    open(fake, GrantPersister.REFUSE).send("Create a file with touch");
    PermissionRequest request = events.await(SessionEvent.PermissionRequested.class).request();
    assertThat(request.toolName()).isEqualTo("Bash");
    assertThat(request.allowOnce()).isTrue();
    assertThat(request.allowOnce()).as("a second answer is refused").isFalse();
    events.await(SessionEvent.TurnFinished.class);

    List<String> stdin = fake.lastStdin().orElseThrow();
    JsonNode answer = Json.mapper().readTree(stdin.get(1));
    JsonNode recorded =
        Json.mapper().readTree(Files.readAllLines(Recordings.stdin("d-allow")).get(1));
    assertThat(answer).isEqualTo(recorded);
  }

  @Test
  void aRequestStillOpenWhenTheProcessDiesIsWithdrawnAndCannotBeAnswered() {
    FakeClaude fake =
        FakeClaude.script(
            dir, "next_line; grep control_request '" + transcript("d-allow") + "'; exit 1");
    open(fake, GrantPersister.REFUSE).send("go");
    PermissionRequest request = events.await(SessionEvent.PermissionRequested.class).request();
    SessionEvent.PermissionWithdrawn withdrawn =
        events.await(SessionEvent.PermissionWithdrawn.class);
    assertThat(withdrawn.request()).isSameAs(request);
    assertThat(request.allowOnce()).isFalse();
    assertThat(request.state()).isEqualTo(PermissionRequest.State.ABANDONED);
  }

  @Test
  void aRelaunchPassesTheModelAndModeClaudeLastReportedNotTheLaunchTimeOnes() {
    String init =
        "{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"s-1\","
            + "\"model\":\"claude-sonnet-4-5\",\"permissionMode\":\"plan\"}";
    String status =
        "{\"type\":\"system\",\"subtype\":\"status\",\"status\":null,"
            + "\"permissionMode\":\"acceptEdits\",\"session_id\":\"s-1\"}";
    String result =
        "{\"type\":\"result\",\"subtype\":\"success\",\"is_error\":false,"
            + "\"session_id\":\"s-1\",\"total_cost_usd\":0}";
    FakeClaude fake =
        FakeClaude.script(
            dir,
            "next_line; printf '%s\\n' '" + init + "' '" + status + "' '" + result + "'; exit 1");
    session =
        new ClaudeSession(
            fake.spec(dir).withModel("claude-opus-5-5").withPermissionMode("default"),
            events,
            GrantPersister.REFUSE,
            SessionRecorder.NONE);
    session.send("plan it");
    events.await(SessionEvent.ProcessExited.class);

    session.send("go on");
    events.await(SessionEvent.ProcessExited.class, 2);

    assertThat(fake.runs()).hasSize(2);
    assertThat(fake.runs().get(0)).contains("--model=claude-opus-5-5");
    assertThat(fake.runs().get(1))
        .contains("--model=claude-sonnet-4-5", "--permission-mode=acceptEdits", "--resume=s-1")
        .doesNotContain("--model=claude-opus-5-5", "--permission-mode=default");
  }

  @Test
  void aReportedModeMilkTuiWouldNeverChooseIsNeverPassedOnByARelaunch() {
    String init =
        "{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"s-1\","
            + "\"permissionMode\":\"bypassPermissions\"}";
    String result =
        "{\"type\":\"result\",\"subtype\":\"success\",\"is_error\":false,"
            + "\"session_id\":\"s-1\",\"total_cost_usd\":0}";
    FakeClaude fake =
        FakeClaude.script(dir, "next_line; printf '%s\\n' '" + init + "' '" + result + "'; exit 1");
    session =
        new ClaudeSession(
            fake.spec(dir).withPermissionMode("plan"),
            events,
            GrantPersister.REFUSE,
            SessionRecorder.NONE);
    session.send("hello");
    events.await(SessionEvent.ProcessExited.class);

    session.send("again");
    events.await(SessionEvent.ProcessExited.class, 2);

    assertThat(fake.runs()).hasSize(2);
    assertThat(fake.runs().get(1))
        .contains("--permission-mode=plan")
        .noneMatch(arg -> arg.contains("bypassPermissions"));
  }

  @Test
  void aStreamClosedTurnReportsGrantsNeededAndTheNextTurnRunsInAFreshResumedProcess() {
    FakeClaude fake = replaying("f1-ppt-arg-devnull");
    open(fake, GrantPersister.REFUSE).send("Create a file");
    SessionEvent.GrantsNeeded needed = events.await(SessionEvent.GrantsNeeded.class);
    assertThat(needed.summary().streamClosed())
        .singleElement()
        .satisfies(r -> assertThat(r.toolName()).isEqualTo("Bash"));

    session.send("try again");
    events.await(SessionEvent.TurnFinished.class, 2);
    assertThat(fake.runs()).hasSize(2);
    assertThat(fake.runs().get(1)).contains("--resume=" + needed.summary().sessionId());
  }

  @Test
  void resumeWithGrantsPersistsWhenAskedAndRelaunchesWithTheGrantsAndTheRetryMessage()
      throws Exception {
    FakeClaude fake = replaying("f1-ppt-arg-devnull");
    List<GrantDecision> persisted = new ArrayList<>();
    open(fake, Persisters.into(persisted)).send("Create a file");
    String sessionId = events.await(SessionEvent.GrantsNeeded.class).summary().sessionId();

    Path outside = Files.createDirectories(dir.resolve("outside"));
    session.resumeWithGrants(
        new GrantDecision(List.of("Bash(touch:*)"), List.of(outside), true, null));
    events.await(SessionEvent.TurnFinished.class, 2);

    assertThat(persisted).hasSize(1);
    List<String> argv = fake.runs().get(1);
    assertThat(argv)
        .contains("--resume=" + sessionId)
        .contains(
            "--allowedTools="
                + String.join(",", LaunchSpec.defaults(Path.of("claude"), dir).baselineTools())
                + ",Bash(touch:*)");
    assertThat(String.join(" ", argv)).contains("--add-dir " + outside);
    JsonNode retry = Json.mapper().readTree(fake.lastStdin().orElseThrow().get(0));
    assertThat(retry.at("/message/content").asText())
        .isEqualTo(GrantDecision.DEFAULT_RETRY_MESSAGE);
    assertThat(events.all(SessionEvent.UserPrompt.class))
        .anySatisfy(p -> assertThat(p.automatic()).isTrue());
  }

  @Test
  void grantsTheCallerSavedAlreadyAreNotWrittenAgainAndTheResumeNamesThemSaved() {
    FakeClaude fake = replaying("f1-ppt-arg-devnull");
    List<GrantDecision> persisted = new ArrayList<>();
    open(fake, Persisters.into(persisted)).send("Create a file");
    events.await(SessionEvent.GrantsNeeded.class);

    GrantDecision decision = new GrantDecision(List.of("Bash(touch:*)"), List.of(), true, null);
    session.resumeWithSavedGrants(decision, Optional.of(Persisters.wrote(decision)));
    events.await(SessionEvent.TurnFinished.class, 2);

    assertThat(persisted).as("the session writes nothing").isEmpty();
    assertThat(fake.runs().get(1)).anySatisfy(a -> assertThat(a).endsWith(",Bash(touch:*)"));
    assertThat(events.all(SessionEvent.Notice.class))
        .anySatisfy(
            n -> assertThat(n.text()).contains("Bash(touch:*) (saved in Claude's settings)"));
  }

  @Test
  void aGrantThatCannotBeSavedResumesNothing() {
    FakeClaude fake = replaying("f1-ppt-arg-devnull");
    open(fake, GrantPersister.REFUSE).send("Create a file");
    events.await(SessionEvent.GrantsNeeded.class);
    session.resumeWithGrants(new GrantDecision(List.of("Write"), List.of(), true, null));
    SessionEvent.Notice failed =
        events.await(SessionEvent.Notice.class, 1, n -> n.level() == SessionEvent.Level.ERROR);
    assertThat(failed.text()).contains("could not be saved").contains("nothing was resumed");
    assertThat(events.all(SessionEvent.UserPrompt.class)).noneMatch(p -> p.automatic());
    assertThat(fake.runs()).hasSize(1);
  }

  @Test
  void savingGrantsIsBoundedAndNeverHoldsTheCaller() throws Exception {
    FakeClaude fake = replaying("f1-ppt-arg-devnull");
    CountDownLatch release = new CountDownLatch(1);
    open(
            fake,
            decision -> {
              awaitQuietly(release);
              return Persisters.wrote(decision);
            })
        .send("Create a file");
    events.await(SessionEvent.GrantsNeeded.class);

    // Returns while the persister is held: the caller never waits for the settings file.
    session.resumeWithGrants(new GrantDecision(List.of("Write"), List.of(), true, null));
    events.await(SessionEvent.Notice.class, 1, n -> n.text().startsWith("Saving the grants"));

    SessionEvent.Notice timedOut =
        events.await(SessionEvent.Notice.class, 1, n -> n.level() == SessionEvent.Level.ERROR);
    assertThat(timedOut.text()).contains("still busy").contains("nothing was resumed");
    assertThat(events.all(SessionEvent.UserPrompt.class)).noneMatch(p -> p.automatic());

    release.countDown();
    events.await(
        SessionEvent.Notice.class, 1, n -> n.text().contains("saved to Claude's settings late"));
    assertThat(fake.runs()).hasSize(1);
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Test
  void anUnknownSessionOnResumeStartsAFreshSessionAndResendsTheMessage() {
    FakeClaude fake =
        FakeClaude.script(
            dir,
            "if [[ \"$*\" == *--resume=* ]]; then cat '"
                + transcript("g4-resume-unknown-id")
                + "'; echo 'No conversation found with session ID: 00000000-0000-4000-8000-000000000000' >&2; exit 1; fi\n"
                + "while next_line; do cat '"
                + transcript("b-stdin-stream-json")
                + "'; done");
    LaunchSpec spec = fake.spec(dir).withResume("00000000-0000-4000-8000-000000000000");
    session = new ClaudeSession(spec, events, GrantPersister.REFUSE, SessionRecorder.NONE);
    session.send("hello again");
    events.await(SessionEvent.TurnFinished.class);

    assertThat(events.all(SessionEvent.Notice.class))
        .anySatisfy(n -> assertThat(n.text()).contains("no longer exists"));
    assertThat(fake.runs()).hasSize(2);
    assertThat(fake.runs().get(1)).noneMatch(a -> a.startsWith("--resume"));
    assertThat(fake.lastStdin().orElseThrow().get(0)).contains("hello again");
  }

  @Test
  void interruptSendsTheWrappedControlRequest() throws Exception {
    FakeClaude fake =
        FakeClaude.script(
            dir, "next_line; head -n 1 '" + transcript("h-interrupt") + "'; next_line; exit 0");
    open(fake, GrantPersister.REFUSE).send("count slowly");
    events.await(SessionEvent.TurnStarted.class);
    session.interrupt();
    events.await(SessionEvent.ProcessExited.class);
    JsonNode interrupt = Json.mapper().readTree(fake.lastStdin().orElseThrow().get(1));
    assertThat(interrupt.get("type").asText()).isEqualTo("control_request");
    assertThat(interrupt.at("/request/subtype").asText()).isEqualTo("interrupt");
  }

  @Test
  void closeEndsTheProcessAsAnExpectedExit() {
    FakeClaude fake = replaying("b-stdin-stream-json");
    open(fake, GrantPersister.REFUSE).start();
    session.close();
    assertThat(events.await(SessionEvent.ProcessExited.class).expected()).isTrue();
  }
}
