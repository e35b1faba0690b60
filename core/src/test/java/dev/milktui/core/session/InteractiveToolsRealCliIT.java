package dev.milktui.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.testkit.DatabaseQuestion;
import dev.milktui.core.testkit.FakeAnthropicApi;
import dev.milktui.core.testkit.Reply;
import dev.milktui.core.testkit.ToolResult;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * AskUserQuestion and ExitPlanMode answered through milk-tui's session, against the real claude and
 * the fake Messages API: what reaches the model, and the mode claude goes on in.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class InteractiveToolsRealCliIT extends RealCliFixture {
  private static final String QUESTION = DatabaseQuestion.TEXT;

  @Override
  void afterSessionClosed() {
    // claude removes its lock folders as it exits: the sandbox goes only after that.
    events.await(SessionEvent.ProcessExited.class);
  }

  private void open(String mode) {
    open(launch().permissionMode(mode).build(), GrantPersister.REFUSE);
  }

  private PermissionRequest awaitRequest(String tool) {
    return events
        .await(SessionEvent.PermissionRequested.class, 1, r -> r.request().toolName().equals(tool))
        .request();
  }

  @Test
  void theChosenAnswerReachesTheModelAsTheToolResult() {
    api =
        FakeAnthropicApi.start(
            DatabaseQuestion.asked("toolu_ask"), Reply.text("Thanks for answering."));
    open("default");
    session.send("Ask me");

    PermissionRequest ask = awaitRequest("AskUserQuestion");
    assertThat(ask.answerQuestions(Map.of(QUESTION, "SQLite"))).isTrue();
    events.await(SessionEvent.TurnFinished.class);

    ToolResult result =
        api.toolResults().stream()
            .filter(r -> r.toolUseId().equals("toolu_ask"))
            .findFirst()
            .orElseThrow();
    assertThat(result.isError()).isFalse();
    assertThat(result.content()).contains("\"" + QUESTION + "\"=\"SQLite\"");
  }

  @Test
  void declinedQuestionsReachTheModelAsTheUsersRefusal() {
    api =
        FakeAnthropicApi.start(
            DatabaseQuestion.asked("toolu_ask"), Reply.text("Fine, I will not assume."));
    open("default");
    session.send("Ask me");

    awaitRequest("AskUserQuestion").deny(PermissionRequest.QUESTIONS_DECLINED);
    events.await(SessionEvent.TurnFinished.class);

    assertThat(api.toolResults())
        .filteredOn(r -> r.toolUseId().equals("toolu_ask"))
        .singleElement()
        .satisfies(r -> assertThat(r.content()).contains("declined to answer"));
  }

  @Test
  void approvingAPlanWithEditsAcceptedLeavesClaudeInAcceptEdits() {
    api =
        FakeAnthropicApi.start(
            Reply.toolUse("toolu_search", "ToolSearch", Map.of("query", "select:ExitPlanMode")),
            Reply.toolUse("toolu_plan", "ExitPlanMode", Map.of("plan", "1. Schema\n2. Test")),
            Reply.text("Plan accepted."),
            Reply.text("Next turn."));
    open("plan");
    session.send("Plan it");

    PermissionRequest plan = awaitRequest("ExitPlanMode");
    assertThat(plan.context().modelInput().orElseThrow().path("plan").asText())
        .isEqualTo("1. Schema\n2. Test");
    assertThat(plan.approvePlan("acceptEdits")).isTrue();
    events.await(SessionEvent.TurnFinished.class);
    session.send("Go on");
    events.await(SessionEvent.TurnFinished.class, 2);

    List<SessionEvent.TurnStarted> turns = events.all(SessionEvent.TurnStarted.class);
    assertThat(turns.get(0).permissionMode()).isEqualTo("plan");
    assertThat(turns.get(turns.size() - 1).permissionMode()).isEqualTo("acceptEdits");
    assertThat(session.launchSpec().permissionMode()).contains("acceptEdits");
  }
}
