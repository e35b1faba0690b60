package dev.milktui.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.testkit.Recordings;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The session actor with work claude does beside the user's turns: turns it starts by itself,
 * background tasks a restart would cut, and what it reports after each turn.
 */
class BackgroundWorkTest extends StandInFixture {

  private static String system(String subtype, String fields) {
    return "{\"type\":\"system\",\"subtype\":\""
        + subtype
        + "\",\"session_id\":\""
        + SID
        + "\""
        + fields
        + "}";
  }

  private static String result() {
    return "{\"type\":\"result\",\"subtype\":\"success\",\"is_error\":false,\"result\":\"ok\","
        + "\"total_cost_usd\":0.01,\"usage\":{\"input_tokens\":100,\"output_tokens\":5},"
        + "\"session_id\":\""
        + SID
        + "\"}";
  }

  private static String text(String text) {
    return "{\"type\":\"assistant\",\"message\":{\"id\":\"msg_"
        + Math.abs(text.hashCode())
        + "\",\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\""
        + text
        + "\"}]},\"session_id\":\""
        + SID
        + "\"}";
  }

  /** Bash: the lifecycle line {@code state} for the message last read ({@code $UUID}). */
  private static String lifecycle(String state) {
    return "printf '{\"type\":\"command_lifecycle\",\"command_uuid\":\"%s\",\"state\":\""
        + state
        + "\"}\\n' \"$UUID\"\n";
  }

  private static final String READ_UUID =
      "UUID=$(printf '%s' \"$LINE\" | sed -E 's/.*\"uuid\":\"([^\"]+)\".*/\\1/')\n";

  /** Bash: reads the next message and answers it as claude does, lifecycle included. */
  private static String answerNext(String reply) {
    return "next_line\n"
        + READ_UUID
        + lifecycle("queued")
        + lifecycle("started")
        + printf(init())
        + printf(text(reply))
        + printf(result())
        + lifecycle("completed");
  }

  private static String awaitFile(String name) {
    return "while [ ! -e \"$LOG/" + name + "\" ]; do sleep 0.05; done\n";
  }

  private void touch(FakeClaude fake, String name) throws Exception {
    Files.createFile(fake.log.resolve(name));
  }

  private static String backgroundTask(String id) {
    return printf(
            system(
                "background_tasks_changed",
                ",\"tasks\":[{\"task_id\":\""
                    + id
                    + "\",\"task_type\":\"local_agent\",\"description\":\"Background probe\"}]"))
        + printf(
            system(
                "task_started",
                ",\"task_id\":\""
                    + id
                    + "\",\"tool_use_id\":\"toolu_bg\",\"description\":\"Background probe\","
                    + "\"task_type\":\"local_agent\",\"is_backgrounded\":true"))
        + printf(
            system(
                "task_progress",
                ",\"task_id\":\"" + id + "\",\"description\":\"Running Echo in bg agent\""));
  }

  private static String taskEnds(String id) {
    return printf(
            system(
                "task_notification",
                ",\"task_id\":\"" + id + "\",\"status\":\"completed\",\"summary\":\"done\""))
        + printf(system("background_tasks_changed", ",\"tasks\":[]"));
  }

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

  private static List<JsonNode> controlRequests(List<String> stdin, String subtype)
      throws Exception {
    List<JsonNode> found = new ArrayList<>();
    for (String line : stdin) {
      JsonNode node = Json.mapper().readTree(line);
      if (subtype.equals(node.at("/request/subtype").asText())) {
        found.add(node);
      }
    }
    return found;
  }

  @Test
  void aMessageSentDuringATurnClaudeStartedIsNotAnsweredByThatTurn() throws Exception {
    FakeClaude fake =
        FakeClaude.script(
            dir,
            answerNext("first answer")
                + printf(init())
                + printf(text("A turn of its own"))
                + "next_line\n"
                + READ_UUID
                + lifecycle("queued")
                + printf(result())
                + awaitFile("go")
                + lifecycle("started")
                + printf(init())
                + printf(text("second answer"))
                + printf(result())
                + lifecycle("completed")
                + "next_line");
    open(fake).send("first");
    events.await(SessionEvent.TurnFinished.class);
    events.await(SessionEvent.TurnStartedByClaude.class);

    session.send("second");
    events.await(SessionEvent.TurnFinished.class, 2);
    assertThat(session.busy()).as("claude's own result does not answer 'second'").isTrue();

    touch(fake, "go");
    events.await(SessionEvent.TurnFinished.class, 3);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (session.busy() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(session.busy()).as("answered once its own lifecycle completed").isFalse();
    assertThat(events.all(SessionEvent.TurnStartedByClaude.class)).hasSize(1);
  }

  @Test
  void aRestartWaitsForRunningTasksAndHappensOnceTheyAndTheirReportEnd() throws Exception {
    String streamClosed = Recordings.ndjson("f1-ppt-arg-devnull").toString();
    FakeClaude fake =
        FakeClaude.script(
            dir,
            "if [ -e \"$LOG/first-run-done\" ]; then "
                + answerNext("after the restart")
                + "next_line; exit 0; fi\n"
                + "touch \"$LOG/first-run-done\"\n"
                + "next_line\n"
                + backgroundTask("task-1")
                + "cat '"
                + streamClosed
                + "'\n"
                + awaitFile("task-ends")
                + taskEnds("task-1")
                + printf(init())
                + printf(text("The agent reported."))
                + printf(result())
                + "next_line");
    open(fake).send("start an agent");
    events.await(SessionEvent.GrantsNeeded.class);
    assertThat(events.await(SessionEvent.TasksChanged.class, 3).running())
        .singleElement()
        .satisfies(t -> assertThat(t.step()).isEqualTo("Running Echo in bg agent"));

    session.send("go on");
    SessionEvent.RestartWaitsForTasks waiting =
        events.await(SessionEvent.RestartWaitsForTasks.class);
    assertThat(waiting.running()).extracting(t -> t.taskId()).containsExactly("task-1");
    assertThat(waiting.reason()).contains("permission channel");
    assertThat(fake.runs()).as("nothing restarted while the agent runs").hasSize(1);

    touch(fake, "task-ends");
    events.await(SessionEvent.TurnStartedByClaude.class);
    events.await(SessionEvent.TurnFinished.class, 3);
    assertThat(events.await(SessionEvent.ProcessExited.class).expected()).isTrue();
    assertThat(fake.runs()).hasSize(2);
    assertThat(userMessages(fake.stdins().get(1))).containsExactly("go on");
    assertThat(
            events
                .all(SessionEvent.TasksChanged.class)
                .get(events.all(SessionEvent.TasksChanged.class).size() - 1)
                .running())
        .isEmpty();
  }

  @Test
  void aRestartWaitsForATurnClaudeStartedByItselfToEnd() throws Exception {
    String streamClosed = Recordings.ndjson("f1-ppt-arg-devnull").toString();
    FakeClaude fake =
        FakeClaude.script(
            dir,
            "if [ -e \"$LOG/first-run-done\" ]; then "
                + answerNext("after the restart")
                + "next_line; exit 0; fi\n"
                + "touch \"$LOG/first-run-done\"\n"
                + "next_line\n"
                + "cat '"
                + streamClosed
                + "'\n"
                + printf(init())
                + awaitFile("turn-ends")
                + printf(result())
                + "next_line");
    open(fake).send("a write");
    events.await(SessionEvent.GrantsNeeded.class);
    events.await(SessionEvent.TurnStartedByClaude.class);

    session.send("go on");
    events.await(SessionEvent.Notice.class, 1, n -> n.text().contains("once its turn ends"));
    assertThat(fake.runs()).hasSize(1);
    assertThat(events.all(SessionEvent.RestartWaitsForTasks.class)).isEmpty();

    touch(fake, "turn-ends");
    assertThat(events.await(SessionEvent.ProcessExited.class).expected()).isTrue();
    events.await(SessionEvent.TurnFinished.class, 3);
    assertThat(userMessages(fake.stdins().get(1))).containsExactly("go on");
  }

  @Test
  void stoppingTheTasksSendsStopTaskForEachAndRestartsAtOnce() throws Exception {
    String streamClosed = Recordings.ndjson("f1-ppt-arg-devnull").toString();
    FakeClaude fake =
        FakeClaude.script(
            dir,
            "if [ -e \"$LOG/first-run-done\" ]; then "
                + answerNext("after the restart")
                + "next_line; exit 0; fi\n"
                + "touch \"$LOG/first-run-done\"\n"
                + "next_line\n"
                + backgroundTask("task-9")
                + "cat '"
                + streamClosed
                + "'\n"
                + "while next_line; do :; done");
    open(fake).send("start an agent");
    events.await(SessionEvent.GrantsNeeded.class);
    session.resumeWithGrants(
        new GrantDecision(List.of("Bash(touch:*)"), List.of(), false, "retry"));
    assertThat(events.await(SessionEvent.RestartWaitsForTasks.class).reason()).contains("grants");

    session.stopTasksAndGoOn();
    events.await(SessionEvent.TurnFinished.class, 2);
    List<JsonNode> stops = controlRequests(fake.stdins().get(0), "stop_task");
    assertThat(stops)
        .singleElement()
        .satisfies(s -> assertThat(s.at("/request/task_id").asText()).isEqualTo("task-9"));
    assertThat(userMessages(fake.stdins().get(1))).containsExactly("retry");
    assertThat(fake.runs().get(1)).anySatisfy(a -> assertThat(a).contains("Bash(touch:*)"));
  }

  @Test
  void afterEachTurnTheContextUsageAndTheSessionTotalsAreReported() throws Exception {
    FakeClaude fake =
        FakeClaude.script(
            dir,
            answerNext("hi")
                + "IFS= read -r REQ; printf '%s\\n' \"$REQ\" > \"$LOG/context-request\"\n"
                + "ID=$(printf '%s' \"$REQ\" | sed -E 's/.*\"request_id\":\"([^\"]+)\".*/\\1/')\n"
                + "printf '{\"type\":\"control_response\",\"response\":{\"subtype\":\"success\","
                + "\"request_id\":\"%s\",\"response\":{\"totalTokens\":230000,\"maxTokens\":1000000,"
                + "\"percentage\":23}}}\\n' \"$ID\"\n"
                + "next_line");
    open(fake).send("hello");

    SessionEvent.ContextUsage usage = events.await(SessionEvent.ContextUsage.class);
    assertThat(usage).isEqualTo(new SessionEvent.ContextUsage(230_000, 1_000_000, 23));
    SessionEvent.TotalsChanged totals = events.await(SessionEvent.TotalsChanged.class);
    assertThat(totals).isEqualTo(new SessionEvent.TotalsChanged(SID, 105, 0.01));
    JsonNode request =
        Json.mapper().readTree(Files.readString(fake.log.resolve("context-request")));
    assertThat(request.at("/request/subtype").asText()).isEqualTo("get_context_usage");
    assertThat(events.all(SessionEvent.ControlAnswered.class))
        .as("the session's own request is not shown as an answer")
        .isEmpty();
  }
}
