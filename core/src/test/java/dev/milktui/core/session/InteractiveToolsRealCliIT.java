package dev.milktui.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.GrantPersister;
import dev.milktui.core.testkit.DatabaseQuestion;
import dev.milktui.core.testkit.FakeAnthropicApi;
import dev.milktui.core.testkit.RecordedRequest;
import dev.milktui.core.testkit.Reply;
import dev.milktui.core.testkit.ToolResult;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

  /** The plan file the CLI names to the model in plan mode, read from the request it sent. */
  private static String planFileNamedIn(RecordedRequest request) {
    Matcher named =
        Pattern.compile("(?:create your plan at|A plan file already exists at) (/[^\\s\"]+?\\.md)")
            .matcher(request.body().toString());
    if (!named.find()) {
      throw new AssertionError("the CLI named no plan file to the model");
    }
    return named.group(1);
  }

  @Test
  void aPlanTheModelWroteToThePlanFileComesInTheRequestWithThatFilesPath() {
    String plan = "# Plan\n\n1. Schema\n2. Test";
    api =
        FakeAnthropicApi.start(
            Reply.fromRequest(
                request ->
                    Reply.toolUse(
                        "toolu_write",
                        "Write",
                        Map.of("file_path", planFileNamedIn(request), "content", plan))),
            Reply.toolUse("toolu_search", "ToolSearch", Map.of("query", "select:ExitPlanMode")),
            Reply.toolUse("toolu_plan", "ExitPlanMode", Map.of()),
            Reply.text("Plan approved."));
    open("plan");
    session.send("Plan it");

    PermissionRequest exit = awaitRequest("ExitPlanMode");
    JsonNode input = exit.request().input();
    assertThat(input.path("plan").asText()).isEqualTo(plan);
    assertThat(input.path("planFilePath").asText()).endsWith(".md").contains("/plans/");
    assertThat(exit.approvePlan("default")).isTrue();
    events.await(SessionEvent.TurnFinished.class);

    assertThat(api.toolResults())
        .filteredOn(r -> r.toolUseId().equals("toolu_plan"))
        .singleElement()
        .satisfies(r -> assertThat(r.content()).contains("approved"));
  }

  @Test
  void severalChosenLabelsReachTheModelJoinedByCommasAsTheCliDocumentsMultiSelect() {
    Map<String, Object> question =
        Map.of(
            "question",
            "Which checks?",
            "header",
            "Checks",
            "multiSelect",
            true,
            "options",
            List.of(
                Map.of("label", "Lint", "description", "Style"),
                Map.of("label", "Tests", "description", "Unit tests"),
                Map.of("label", "Types", "description", "Type check")));
    api =
        FakeAnthropicApi.start(
            Reply.toolUse("toolu_multi", "AskUserQuestion", Map.of("questions", List.of(question))),
            Reply.text("Running those."));
    open("default");
    session.send("Ask me");

    assertThat(
            awaitRequest("AskUserQuestion").answerQuestions(Map.of("Which checks?", "Lint, Types")))
        .isTrue();
    events.await(SessionEvent.TurnFinished.class);

    assertThat(api.toolResults())
        .filteredOn(r -> r.toolUseId().equals("toolu_multi"))
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.isError()).isFalse();
              assertThat(r.content()).contains("\"Which checks?\"=\"Lint, Types\"");
            });
  }

  @Test
  void interruptingWhileAQuestionIsOpenWithdrawsItAndLeavesNothingToAnswer() {
    api =
        FakeAnthropicApi.start(
            DatabaseQuestion.asked("toolu_ask"), Reply.text("Thanks for answering."));
    open("default");
    session.send("Ask me");

    PermissionRequest ask = awaitRequest("AskUserQuestion");
    session.interrupt();

    assertThat(events.await(SessionEvent.PermissionWithdrawn.class).request()).isSameAs(ask);
    events.await(SessionEvent.TurnFinished.class);
    assertThat(ask.isOpen()).isFalse();
    assertThat(ask.answerQuestions(Map.of(QUESTION, "SQLite"))).isFalse();
  }

  @Test
  void enterPlanModeAsksNothingAndTheModeClaudeReportsIsWhatARelaunchPassesOn() {
    api =
        FakeAnthropicApi.start(
            Reply.toolUse("toolu_search", "ToolSearch", Map.of("query", "select:EnterPlanMode")),
            Reply.toolUse("toolu_enter", "EnterPlanMode", Map.of()),
            Reply.text("Planning now."));
    open("default");
    session.send("Plan first");
    events.await(SessionEvent.TurnFinished.class);

    assertThat(events.all(SessionEvent.PermissionRequested.class)).isEmpty();
    assertThat(events.all(SessionEvent.StatusChanged.class))
        .extracting(SessionEvent.StatusChanged::permissionMode)
        .contains("plan");
    assertThat(session.launchSpec().permissionMode()).contains("plan");
  }
}
