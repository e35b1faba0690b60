package dev.milktui.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.TurnSummary;
import dev.milktui.core.grants.GrantPersister;
import dev.milktui.core.history.ClaudeProjects;
import dev.milktui.core.history.SessionFile;
import dev.milktui.core.task.BackgroundTask;
import dev.milktui.core.testkit.FakeAnthropicApi;
import dev.milktui.core.testkit.Reply;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The session with the real claude against the fake API, for what claude does beside the user's
 * turns: a background agent and the turn claude starts by itself when it finishes, stopping a task,
 * /clear, and resuming with the earlier conversation shown.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ClaudeWorkRealCliIT extends RealCliFixture {
  private static final String AGENT_MARKER = "SUBAGENT-BG";

  private LaunchSpec spec() {
    return launch().build();
  }

  private ClaudeSession open(LaunchSpec spec) {
    return open(spec, GrantPersister.REFUSE);
  }

  private TurnSummary turn(int n) {
    return events.await(SessionEvent.TurnFinished.class, n).summary();
  }

  private static Reply.Message launchAgent() {
    return Reply.toolUse(
            "toolu_main_bg_agent",
            "Agent",
            Map.of(
                "description",
                "Background probe",
                "prompt",
                AGENT_MARKER + ": report",
                "subagent_type",
                "general-purpose"))
        .withText("Starting a background agent.");
  }

  private void awaitIdle() {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (session.busy() && System.nanoTime() < deadline) {
      Thread.yield();
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
    assertThat(session.busy()).as("the session settles").isFalse();
  }

  @Test
  void theTurnClaudeStartsWhenABackgroundAgentFinishesCanBeInterrupted() {
    api =
        FakeAnthropicApi.start(
                launchAgent(),
                Reply.text("Main: agent launched, I will wait."),
                Reply.text("Main: got the report, and this reply is slow.")
                    .withStartDelay(Duration.ofSeconds(60)))
            .answerAgents(
                AGENT_MARKER, Reply.text("BG sub: done.").withStartDelay(Duration.ofMillis(1500)));
    open(spec()).send("Run it in the background");

    List<BackgroundTask> running =
        events.await(SessionEvent.TasksChanged.class, 1, t -> !t.running().isEmpty()).running();
    assertThat(running).singleElement().satisfies(t -> assertThat(t.backgrounded()).isTrue());
    assertThat(turn(1).text()).contains("I will wait");

    events.await(SessionEvent.TurnStartedByClaude.class);
    assertThat(session.busy()).as("claude's own turn is running").isTrue();
    session.interrupt();

    assertThat(turn(2).interrupted()).isTrue();
    awaitIdle();
    assertThat(events.all(SessionEvent.ProcessExited.class)).isEmpty();
  }

  @Test
  void aMessageSentDuringClaudesOwnTurnIsAnsweredByItsOwnTurn() {
    api =
        FakeAnthropicApi.start(
                launchAgent(),
                Reply.text("Main: agent launched, I will wait."),
                Reply.text("Main: got the report.").withStartDelay(Duration.ofSeconds(3)),
                Reply.text("Answer to the message sent meanwhile."))
            .answerAgents(
                AGENT_MARKER, Reply.text("BG sub: done.").withStartDelay(Duration.ofMillis(1500)));
    open(spec()).send("Run it in the background");
    turn(1);
    events.await(SessionEvent.TurnStartedByClaude.class);
    session.send("and this, meanwhile");

    awaitIdle();
    List<TurnSummary> turns =
        events.all(SessionEvent.TurnFinished.class).stream()
            .map(SessionEvent.TurnFinished::summary)
            .toList();
    assertThat(turns.get(turns.size() - 1).text())
        .as("busy until the turn that answered the message ended")
        .contains("Answer to the message sent meanwhile");
  }

  @Test
  void aRunningBackgroundAgentCanBeStopped() {
    api =
        FakeAnthropicApi.start(launchAgent(), Reply.text("Main: agent launched, I will wait."))
            .answerAgents(
                AGENT_MARKER, Reply.text("BG sub: never.").withStartDelay(Duration.ofSeconds(60)));
    open(spec()).send("Run it in the background");
    BackgroundTask agent =
        events
            .await(SessionEvent.TasksChanged.class, 1, t -> !t.running().isEmpty())
            .running()
            .get(0);
    turn(1);

    session.stopTask(agent.taskId());
    SessionEvent.ControlAnswered answer =
        events.await(
            SessionEvent.ControlAnswered.class, 1, a -> a.requestId().startsWith("milk-stop-"));
    assertThat(answer.success()).as(String.valueOf(answer.error())).isTrue();
    events.await(SessionEvent.TasksChanged.class, 1, t -> t.running().isEmpty());
  }

  @Test
  void clearStartsANewSessionWhoseTotalsStartAgain() {
    api = FakeAnthropicApi.start(Reply.text("Hello there."), Reply.text("Hello again."));
    open(spec()).send("hello");
    String first = turn(1).sessionId();
    SessionEvent.TotalsChanged before = events.await(SessionEvent.TotalsChanged.class);
    assertThat(before.sessionId()).isEqualTo(first);
    assertThat(before.tokens()).isPositive();

    session.send("/clear");
    SessionEvent.ConversationCleared cleared = events.await(SessionEvent.ConversationCleared.class);
    assertThat(cleared.previousSessionId()).isEqualTo(first);
    awaitIdle();
    session.send("hello");
    TurnSummary after = turn(3);
    assertThat(after.text())
        .as("the cleared conversation holds no earlier reply: the fake API starts its script again")
        .isEqualTo("Hello there.");
    String second = after.sessionId();
    assertThat(second).isNotEqualTo(first);
    assertThat(session.sessionId()).contains(second);
    SessionEvent.TotalsChanged fresh =
        events.await(SessionEvent.TotalsChanged.class, 1, t -> t.sessionId().equals(second));
    assertThat(fresh.costUsd()).isLessThanOrEqualTo(after.totalCostUsd() + 1e-9);
  }

  @Test
  void aResumedSessionShowsTheEarlierConversationFromClaudesOwnFile() {
    api =
        FakeAnthropicApi.start(Reply.text("First answer."), Reply.text("Answer after the resume."));
    open(spec()).send("hello there");
    String id = turn(1).sessionId();
    session.close();
    events.await(SessionEvent.ProcessExited.class);

    EventLog resumed = new EventLog();
    ClaudeProjects projects = new ClaudeProjects(sandbox.configDir());
    Path file = projects.sessionFile(sandbox.workDir(), id).orElseThrow();
    session =
        new ClaudeSession(
            spec().withResume(id), resumed, GrantPersister.REFUSE, SessionRecorder.NONE);
    session.start(
        UnaryOperator::identity,
        () -> {
          try {
            return SessionFile.read(file);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
    session.send("and now?");

    // The file's own conversation ends with a turn that did not run now; the reply's turn did.
    TurnSummary next =
        resumed.await(SessionEvent.TurnFinished.class, 1, f -> f.summary().ranNow()).summary();
    assertThat(next.text()).isEqualTo("Answer after the resume.");
    assertThat(next.sessionId()).isEqualTo(id);
    List<SessionEvent> shown = resumed.all();
    assertThat(shown.get(0)).isEqualTo(new SessionEvent.UserPrompt("hello there", false));
    assertThat(shown)
        .filteredOn(SessionEvent.TextDelta.class::isInstance)
        .first()
        .satisfies(t -> assertThat(((SessionEvent.TextDelta) t).text()).isEqualTo("First answer."));
    int earlier = shown.indexOf(new SessionEvent.UserPrompt("hello there", false));
    int now = shown.indexOf(new SessionEvent.UserPrompt("and now?", false));
    assertThat(earlier).isLessThan(now);
  }
}
