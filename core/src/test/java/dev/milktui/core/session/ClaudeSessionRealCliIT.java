package dev.milktui.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.event.TurnSummary;
import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.grants.GrantPersister;
import dev.milktui.core.grants.SettingsGrantPersister;
import dev.milktui.core.grants.SettingsStore;
import dev.milktui.core.protocol.PermissionSuggestion;
import dev.milktui.core.testkit.ErrorType;
import dev.milktui.core.testkit.FakeAnthropicApi;
import dev.milktui.core.testkit.Reply;
import dev.milktui.core.testkit.ToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The session engine driving the real claude CLI (pinned, installed by scripts/install-claude)
 * against the project's fake Anthropic API: every scenario the TUI depends on.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ClaudeSessionRealCliIT extends RealCliFixture {

  private LaunchSpec spec(boolean baseline, Transport transport) {
    return launch().transport(transport).baseline(baseline).build();
  }

  private static Map<String, Object> bash(String command) {
    return Map.of("command", command, "description", "Run " + command);
  }

  /** Two turns, each asking for the same Bash call. */
  private static FakeAnthropicApi twoIdenticalTouches(String file) {
    return FakeAnthropicApi.start(
        Reply.toolUse("toolu_touch_1", "Bash", bash("touch " + file)),
        Reply.text("Made it."),
        Reply.toolUse("toolu_touch_2", "Bash", bash("touch " + file)),
        Reply.text("Made it again."));
  }

  private TurnSummary turn(int n) {
    return events.await(SessionEvent.TurnFinished.class, n).summary();
  }

  @Test
  void aPlainTextTurnStreamsTheTextOnceAndKeepsTheProcessForTheNextTurn() {
    api = FakeAnthropicApi.start(Reply.text("Hello from the fake API."), Reply.text("Again."));
    open(spec(true, Transport.STREAM), GrantPersister.REFUSE).send("Say hello");
    TurnSummary first = turn(1);
    assertThat(first.text()).isEqualTo("Hello from the fake API.");
    assertThat(first.isError()).isFalse();
    assertThat(first.sessionId()).isNotBlank();
    session.send("And again");
    assertThat(turn(2).text()).isEqualTo("Again.");
    assertThat(events.all(SessionEvent.ProcessExited.class)).isEmpty();
    assertThat(turn(2).sessionId()).isEqualTo(first.sessionId());
  }

  @Test
  void aPreAllowedToolRunsWithoutAPromptAndItsResultIsReported() {
    api =
        FakeAnthropicApi.start(
            Reply.toolUse("toolu_echo", "Bash", bash("echo hi")).withText("Running it."),
            Reply.text("It printed hi."));
    open(spec(true, Transport.STREAM), GrantPersister.REFUSE).send("Run echo hi");
    TurnSummary summary = turn(1);
    assertThat(summary.tools())
        .singleElement()
        .satisfies(
            t -> {
              assertThat(t.name()).isEqualTo("Bash");
              assertThat(t.outcome()).isEqualTo(ToolOutcome.OK);
              assertThat(t.resultText()).isEqualTo("hi");
              assertThat(t.input().get("command").asText()).isEqualTo("echo hi");
            });
    assertThat(events.all(SessionEvent.PermissionRequested.class)).isEmpty();
  }

  @Test
  void allowOnceRunsTheToolAndTheNextIdenticalCallAsksAgain() {
    api = twoIdenticalTouches("once.txt");
    open(spec(false, Transport.STREAM), GrantPersister.REFUSE).send("Create a file");
    PermissionRequest request = events.await(SessionEvent.PermissionRequested.class).request();
    assertThat(request.request().input().get("command").asText()).isEqualTo("touch once.txt");
    request.allowOnce();
    assertThat(turn(1).tools().get(0).outcome()).isEqualTo(ToolOutcome.OK);
    assertThat(sandbox.workDir().resolve("once.txt")).exists();

    session.send("Again");
    events.await(SessionEvent.PermissionRequested.class, 2).request().allowOnce();
    assertThat(turn(2).tools().get(0).outcome()).isEqualTo(ToolOutcome.OK);
  }

  @Test
  void denyWithAMessageReachesTheModelAndTheTurnGoesOn() {
    api =
        FakeAnthropicApi.start(
            Reply.toolUse("toolu_touch", "Bash", bash("touch denied.txt")),
            Reply.text("Understood, I will not."));
    open(spec(false, Transport.STREAM), GrantPersister.REFUSE).send("Create a file");
    events
        .await(SessionEvent.PermissionRequested.class)
        .request()
        .deny("Not in this folder, please.");
    TurnSummary summary = turn(1);
    assertThat(summary.isError()).isFalse();
    assertThat(summary.tools().get(0).outcome()).isEqualTo(ToolOutcome.DENIED);
    assertThat(summary.denials()).as("the user's denial is not offered for granting").isEmpty();
    assertThat(events.all(SessionEvent.GrantsNeeded.class)).isEmpty();
    assertThat(events.all(SessionEvent.Notice.class))
        .extracting(SessionEvent.Notice::text)
        .contains("You denied Bash: Not in this folder, please.");
    assertThat(api.toolResults())
        .contains(new ToolResult("toolu_touch", "Not in this folder, please.", true));
    assertThat(sandbox.workDir().resolve("denied.txt")).doesNotExist();
  }

  @Test
  void denyAndStopEndsTheTurnAsAbortedAndTheSessionStaysUsable() {
    api =
        FakeAnthropicApi.start(
            Reply.toolUse("toolu_touch", "Bash", bash("touch stop.txt")),
            Reply.text("Fresh turn."));
    open(spec(false, Transport.STREAM), GrantPersister.REFUSE).send("Create a file");
    events.await(SessionEvent.PermissionRequested.class).request().denyAndStop("Stop here.");
    TurnSummary stopped = turn(1);
    assertThat(stopped.isError()).isTrue();
    assertThat(stopped.terminalReason()).isEqualTo("aborted_tools");
    session.send("Something else");
    TurnSummary next = turn(2);
    assertThat(next.isError()).as(next.toString()).isFalse();
  }

  /**
   * "Allow always" as milk-tui answers it: the rules are saved by milk-tui to the user settings and
   * the CLI is told to apply them for the session only, so it writes no settings file of its own
   * and does not touch the user's git ignore file.
   */
  @Test
  void allowAlwaysSavedByMilkTuiLetsTheSecondIdenticalCallRunAndTheCliWritesNoFile()
      throws Exception {
    api = twoIdenticalTouches("always.txt");
    open(spec(false, Transport.STREAM), GrantPersister.REFUSE).send("Create a file");
    PermissionRequest request = events.await(SessionEvent.PermissionRequested.class).request();
    List<PermissionSuggestion.Rule> rules =
        request.request().permissionSuggestions().stream()
            .filter(PermissionSuggestion.AddRules.class::isInstance)
            .map(PermissionSuggestion.AddRules.class::cast)
            .flatMap(add -> add.rules().stream())
            .toList();
    assertThat(rules).isNotEmpty();
    Path userSettings = sandbox.configDir().resolve("settings.json");
    new SettingsGrantPersister(new SettingsStore(userSettings, sandbox.home()), sandbox.workDir())
        .persist(
            new GrantDecision(
                rules.stream().map(PermissionSuggestion.Rule::asSettingsRule).toList(),
                List.of(),
                true,
                null));
    request.allowForSession(rules, List.of());
    turn(1);
    session.send("Again");
    TurnSummary second = turn(2);
    assertThat(second.tools().get(0).outcome()).isEqualTo(ToolOutcome.OK);
    assertThat(events.all(SessionEvent.PermissionRequested.class)).hasSize(1);
    assertThat(Files.readString(userSettings)).contains(rules.get(0).asSettingsRule());
    assertThat(sandbox.workDir().resolve(".claude/settings.local.json")).doesNotExist();
    assertThat(sandbox.home().resolve(".config/git/ignore")).doesNotExist();
    try (var files = Files.walk(sandbox.root())) {
      assertThat(files.map(Path::getFileName).map(Path::toString))
          .doesNotContain("settings.local.json", "ignore");
    }
  }

  @Test
  void interruptWhileTextStreamsStopsTheTurnAndTheNextTurnIsNormal() {
    api =
        FakeAnthropicApi.start(
            Reply.text("one two three four five six seven eight nine ten eleven twelve")
                .withChunkDelay(Duration.ofMillis(400)),
            Reply.text("After the interrupt."));
    open(spec(true, Transport.STREAM), GrantPersister.REFUSE).send("Count slowly");
    events.await(SessionEvent.TextDelta.class);
    session.interrupt();
    TurnSummary interrupted = turn(1);
    assertThat(interrupted.interrupted()).as(interrupted.toString()).isTrue();
    assertThat(events.all(SessionEvent.ControlAnswered.class))
        .anySatisfy(a -> assertThat(a.success()).isTrue());
    session.send("Go on");
    TurnSummary next = turn(2);
    assertThat(next.isError()).isFalse();
    assertThat(next.text()).isEqualTo("After the interrupt.");
  }

  @Test
  void oneShotWriteOutsideFailsWithStreamClosedAndResumingWithGrantsWritesTheFile()
      throws Exception {
    Path outside = Files.createDirectories(sandbox.root().resolve("outside"));
    Path target = outside.resolve("written.txt");
    Map<String, Object> write = Map.of("file_path", target.toString(), "content", "hello\n");
    api =
        FakeAnthropicApi.start(
            Reply.toolUse("toolu_write_a", "Write", write),
            Reply.text("The write failed."),
            Reply.toolUse("toolu_write_b", "Write", write),
            Reply.text("The retry worked."));
    open(spec(false, Transport.ONE_SHOT), GrantPersister.REFUSE).send("Write the file");
    SessionEvent.GrantsNeeded needed = events.await(SessionEvent.GrantsNeeded.class);
    assertThat(needed.summary().streamClosed())
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.toolName()).isEqualTo("Write");
              assertThat(r.input().get("file_path").asText()).isEqualTo(target.toString());
            });
    assertThat(target).doesNotExist();
    String sessionId = needed.summary().sessionId();

    session.resumeWithGrants(new GrantDecision(List.of("Write"), List.of(outside), false, null));
    TurnSummary resumed = turn(2);
    assertThat(resumed.tools())
        .singleElement()
        .satisfies(t -> assertThat(t.outcome()).isEqualTo(ToolOutcome.OK));
    assertThat(resumed.sessionId()).isEqualTo(sessionId);
    assertThat(target).hasContent("hello");
    assertThat(resumed.totalCostUsd()).isGreaterThan(needed.summary().totalCostUsd());
  }

  @Test
  void anApiErrorIsRetriedAndEndsTheTurnAsAnError() {
    api = FakeAnthropicApi.start(Reply.error(ErrorType.API_ERROR));
    LaunchSpec spec = spec(true, Transport.STREAM);
    Map<String, String> env = new java.util.HashMap<>(spec.environment());
    env.put("CLAUDE_CODE_MAX_RETRIES", "1");
    open(spec.withEnvironment(env), GrantPersister.REFUSE).send("Hello");
    TurnSummary summary = turn(1);
    assertThat(summary.isError()).isTrue();
    assertThat(summary.apiErrorStatus()).isEqualTo(500);
    assertThat(summary.apiRetries()).isGreaterThanOrEqualTo(1);
    assertThat(events.all(SessionEvent.ApiRetrying.class)).isNotEmpty();
  }

  @Test
  void claudeKilledMidTurnIsReportedAndTheNextMessageResumesTheSession() throws Exception {
    api =
        FakeAnthropicApi.start(
            Reply.text("First turn."),
            Reply.text("a slow reply that will be cut").withChunkDelay(Duration.ofSeconds(2)),
            Reply.text("Back again."));
    open(spec(true, Transport.STREAM), GrantPersister.REFUSE).send("Hello");
    String sessionId = turn(1).sessionId();
    session.send("Say something slowly");
    events.await(SessionEvent.TextDelta.class, 2);
    long pid = ProcessHandle.current().children().findFirst().orElseThrow().pid();
    ProcessHandle.of(pid).orElseThrow().destroyForcibly();
    SessionEvent.ProcessExited exited = events.await(SessionEvent.ProcessExited.class);
    assertThat(exited.expected()).isFalse();

    session.send("Are you there?");
    TurnSummary back = turn(2);
    assertThat(back.sessionId()).isEqualTo(sessionId);
    assertThat(back.isError()).isFalse();
  }
}
