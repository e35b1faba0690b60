package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.TurnSummary;
import dev.milktui.core.history.PastSession;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.ResultMessage;
import dev.milktui.core.protocol.Usage;
import dev.milktui.core.task.BackgroundTask;
import dev.milktui.core.testkit.Recordings;
import dev.milktui.tui.app.SlashCommands;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What claude does beside its replies, on the screen: running agents and stopping them, a restart
 * that waits for them, compaction, /clear, the context gauge and totals, the commands milk-tui
 * answers itself, and the resume picker.
 */
class ClaudeWorkScreenTest {
  private static final BackgroundTask AGENT =
      new BackgroundTask(
          "task-1",
          "toolu_bg",
          "Background probe",
          "local_agent",
          "Running Echo in bg agent",
          true);

  private static SessionEvent.TurnStarted started(String id) {
    return new SessionEvent.TurnStarted(id, "claude-test", "/p", "default", "2.1.332", List.of());
  }

  private static TurnSummary quietResult(String sessionId) {
    return new TurnSummary(
        1,
        sessionId,
        "",
        List.of(),
        List.of(),
        List.of(),
        0,
        Usage.NONE,
        0,
        0,
        false,
        "success",
        "completed",
        "",
        List.of(),
        null,
        10,
        false);
  }

  @Test
  void runningAgentsShowWithTheirStepAndF6StopsTheChosenOne() {
    Harness h = new Harness(120, 30);
    h.events(new SessionEvent.TasksChanged(List.of(AGENT)));
    assertThat(h.screen())
        .contains("⚙ 1 agent running: Background probe — Running Echo in bg agent · F6");

    h.key(KeyType.F6);
    assertThat(h.screen()).contains("Running in claude").contains("1. Background probe");
    h.type("1");
    assertThat(h.session().stoppedTasks).containsExactly("task-1");

    h.events(new SessionEvent.TasksChanged(List.of()));
    assertThat(h.screen()).doesNotContain("agent running").contains("Enter send");
  }

  @Test
  void anAgentEndingWhileTheTaskDialogsAreOpenClosesThemSoNoKeyActsOnIt() {
    BackgroundTask second =
        new BackgroundTask("task-2", "toolu_bg2", "Second probe", "local_agent", "Reading", true);
    Harness h = new Harness(120, 30);
    h.events(new SessionEvent.TasksChanged(List.of(AGENT, second)));
    h.key(KeyType.F6);
    assertThat(h.screen()).contains("1. Background probe").contains("2. Second probe");

    h.events(
        new SessionEvent.TasksChanged(
            List.of(
                new BackgroundTask(
                    "task-1", "toolu_bg", "Background probe", "local_agent", "Writing", true),
                second)));
    assertThat(h.screen()).contains("2. Second probe");
    h.events(new SessionEvent.TasksChanged(List.of(second)));
    assertThat(h.screen()).contains("1. Second probe").doesNotContain("Background probe");
    h.type("1");
    assertThat(h.session().stoppedTasks).containsExactly("task-2");

    h.events(
        new SessionEvent.RestartWaitsForTasks("to apply the grants", List.of(second)),
        new SessionEvent.TasksChanged(List.of()));
    assertThat(h.screen())
        .doesNotContain("claude must restart")
        .contains("the restart no longer waits");
    h.type("s");
    assertThat(h.session().stopTasksAndGoOn).isZero();
  }

  @Test
  void theTaskDialogsKeyPauseStartsWhenItOpensNotAgainWhenTheTasksChange() {
    BackgroundTask second =
        new BackgroundTask("task-2", "toolu_bg2", "Second probe", "local_agent", "Reading", true);
    Harness h =
        new Harness(120, 30, TuiConfig.defaults().withDialogInputPause(Duration.ofMillis(500)));
    h.events(new SessionEvent.TasksChanged(List.of(AGENT)));
    h.key(KeyType.F6);
    h.type("1");
    assertThat(h.session().stoppedTasks).as("typed within the pause").isEmpty();

    h.clock.advance(Duration.ofSeconds(1));
    h.events(new SessionEvent.TasksChanged(List.of(AGENT, second)));
    assertThat(h.screen()).contains("2. Second probe").doesNotContain("keys paused");
    h.type("2");
    assertThat(h.session().stoppedTasks).containsExactly("task-2");
  }

  @Test
  void escWithNoTurnButAgentsRunningSaysHowToStopThem() {
    Harness h = new Harness(120, 30);
    h.events(new SessionEvent.TasksChanged(List.of(AGENT)));
    h.key(KeyType.Escape);
    assertThat(h.session().interrupts).isZero();
    assertThat(h.screen()).contains("1 agent run in the background; F6 lists them");
  }

  @Test
  void aRestartThatWouldCutAgentsAsksToWaitOrToStopThem() {
    Harness h = new Harness(120, 30);
    SessionEvent.RestartWaitsForTasks waits =
        new SessionEvent.RestartWaitsForTasks("to apply the grants", List.of(AGENT));
    h.events(waits);
    assertThat(h.screen())
        .contains("claude must restart")
        .contains("to apply the grants")
        .contains("Wait for 1 agent")
        .contains("Stop them and go on");
    h.type("w");
    assertThat(h.session().stopTasksAndGoOn).isZero();
    assertThat(h.screen()).contains("Waiting for 1 agent to finish");

    h.events(waits);
    h.type("s");
    assertThat(h.session().stopTasksAndGoOn).isEqualTo(1);
  }

  @Test
  void compactionSaysCompactingThenTheTokensAndNeverNoResponse() {
    Harness h = new Harness(120, 30);
    h.events(started("sess-1"), new SessionEvent.StatusChanged("compacting", null));
    assertThat(h.screen()).contains("compacting conversation…").doesNotContain("thinking");
    h.events(new SessionEvent.StatusChanged(null, null));
    assertThat(h.screen()).as("compaction over, the turn goes on").contains("● thinking");

    h.events(
        new SessionEvent.Compacted("manual", 4648, 2560),
        new SessionEvent.TurnFinished(quietResult("sess-1")));
    assertThat(h.screen())
        .contains("Conversation compacted: 4.6k → 2.6k tokens.")
        .doesNotContain("(no response)");
  }

  @Test
  void clearEmptiesTranscriptAndToolsAndTheTotalsStartAgain() {
    Harness h = new Harness(120, 30);
    h.events(
        started("old-session"),
        new SessionEvent.UserPrompt("first question", false),
        new SessionEvent.TextDelta("m1", 0, "first answer"),
        new SessionEvent.ToolStarted(
            Events.tool(
                "t1",
                "Bash",
                Events.input("command", "ls"),
                dev.milktui.core.event.ToolOutcome.OK,
                "x")),
        new SessionEvent.TotalsChanged("old-session", 12_300, 0.05),
        new SessionEvent.ContextUsage(230_000, 1_000_000, 23));
    // The whole bar: at 120 columns some items give way to the keys.
    assertThat(h.controller.statusBar().text(200))
        .contains("ctx 23%")
        .contains("session 12.3k tok $0.0500");

    h.events(
        new SessionEvent.UserPrompt("/clear", false),
        new SessionEvent.ConversationCleared("old-session"),
        started("new-session"),
        new SessionEvent.TurnFinished(quietResult("new-session")));
    String screen = h.screen();
    assertThat(screen)
        .doesNotContain("first question")
        .doesNotContain("first answer")
        .doesNotContain("Bash")
        .doesNotContain("(no response)")
        .contains("Conversation cleared")
        .contains("new-sess");
    assertThat(h.controller.statusBar().text(200))
        .contains("session 0 tok $0.0000")
        .doesNotContain("ctx 23%");
  }

  @Test
  void helpLoginAndResumeAreAnsweredByMilkTuiAndNeverSent() {
    Harness h = new Harness(120, 30);
    h.type("/help").key(KeyType.Enter);
    assertThat(h.screen()).contains("Keys");
    h.key(KeyType.Escape);
    h.type("/login").key(KeyType.Enter);
    assertThat(h.screen()).contains("milk-tui uses claude's own log-in");
    h.type("/compact").key(KeyType.Enter);
    assertThat(h.session().sent).containsExactly("/compact");
  }

  @Test
  void everyCommandClaudeRejectsHereIsAnsweredByMilkTuiWithOrWithoutArgumentsAndNeverSent() {
    Harness h = new Harness(120, 30);
    h.type("/status").key(KeyType.Enter);
    assertThat(h.screen())
        .contains("/status belongs to Claude Code's own screen")
        .contains("The status bar shows the model");
    h.type("/permissions Bash").key(KeyType.Enter);
    assertThat(h.screen()).contains("milk-tui grants list");
    h.type("/memory").key(KeyType.Enter);
    h.type("/add-dir /tmp").key(KeyType.Enter);
    h.type("/plan").key(KeyType.Enter);
    assertThat(h.session().modes).containsExactly("plan");
    assertThat(h.session().sent).isEmpty();

    h.type("/exit").key(KeyType.Enter);
    assertThat(h.controller.quitRequested()).isDone();
  }

  @Test
  void everyCommandThePinnedClaudeRejectedInItsRecordingIsOneMilkTuiAnswers() throws IOException {
    String name = "p21-unavailable-slash-commands";
    List<String> commands = new ArrayList<>();
    for (String line : Files.readAllLines(Recordings.stdin(name))) {
      commands.add(Json.mapper().readTree(line).at("/message/content").asText());
    }
    List<String> answers =
        Recordings.messages(name).stream()
            .filter(ResultMessage.class::isInstance)
            .map(m -> ((ResultMessage) m).result())
            .toList();

    assertThat(answers).hasSameSizeAs(commands);
    for (int i = 0; i < commands.size(); i++) {
      assertThat(answers.get(i)).containsAnyOf("isn't available in this environment", "here yet");
      assertThat(SlashCommands.local(commands.get(i))).as(commands.get(i)).isPresent();
    }
  }

  @Test
  void completionNeverOffersACommandClaudeWouldOnlyReject() {
    Harness h = new Harness(120, 30);
    h.events(new SessionEvent.CommandsAvailable(List.of("compact", "focus", "color"), List.of()));
    assertThat(h.controller.slashCommands().names())
        .contains("compact", "color", "exit", "quit")
        .doesNotContain("focus");
  }

  @Test
  void theCommandsClaudeListsAreKeptForCompletionWithMilkTuisOwn() {
    Harness h = new Harness(120, 30);
    h.events(new SessionEvent.CommandsAvailable(List.of("compact", "clear"), List.of("simplify")));
    SlashCommands commands = h.controller.slashCommands();
    assertThat(commands.names())
        .containsExactly(
            "clear", "compact", "copy", "exit", "export", "help", "login", "logout", "mouse",
            "plan", "quit", "resume", "retry");
    assertThat(commands.skills()).containsExactly("simplify");
  }

  @Test
  void resumeWithAnIdOrWordsOpensThePickerFilteredByThemAndSendsNothing() {
    Harness h = new Harness(120, 30);
    h.pastSessions =
        List.of(
            new PastSession("bbbb-2", Instant.parse("2026-12-02T10:00:00Z"), "fix the build", 3),
            new PastSession("aaaa-1", Instant.parse("2026-12-01T09:30:00Z"), "hello there", 1));
    h.type("/resume aaaa").key(KeyType.Enter);
    h.awaitScreen("Resume a session");

    assertThat(h.screen()).contains("Filter: aaaa").contains("(1 of 2)").contains("hello there");
    assertThat(h.session().sent).isEmpty();
    h.key(KeyType.Enter);
    assertThat(h.opened).containsExactly(Optional.empty(), Optional.of("aaaa-1"));
  }

  @Test
  void theResumePickerListsNewestFirstFiltersAsYouTypeAndResumesTheChoice() {
    Harness h = new Harness(120, 30);
    h.pastSessions =
        List.of(
            new PastSession("bbbb-2", Instant.parse("2026-12-02T10:00:00Z"), "fix the build", 3),
            new PastSession("aaaa-1", Instant.parse("2026-12-01T09:30:00Z"), "hello there", 1));
    h.type("/resume").key(KeyType.Enter);
    h.awaitScreen("Resume a session");
    String screen = h.screen();
    assertThat(screen).contains("2026-12-02 10:00    3 prompts  fix the build");
    assertThat(screen.indexOf("fix the build")).isLessThan(screen.indexOf("hello there"));
    assertThat(h.session().sent).isEmpty();

    h.type("hello");
    assertThat(h.screen()).contains("(1 of 2)").doesNotContain("fix the build");
    h.key(KeyType.Enter);
    assertThat(h.opened).containsExactly(Optional.empty(), Optional.of("aaaa-1"));
    assertThat(h.screen()).contains("aaaa-1").doesNotContain("new │");
  }
}
