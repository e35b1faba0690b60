package dev.milktui.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.event.ElicitationRequest;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.MessageParser;
import dev.milktui.core.testkit.Recordings;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The CLI's interactive requests, replayed from the recordings through the engine: questions,
 * plans, subagents asking, MCP forms and failures, usage limits.
 */
class InteractiveRequestsTest {
  private final List<SessionEvent> events = new ArrayList<>();
  private final List<String> written = new ArrayList<>();
  private final SessionEngine engine = new SessionEngine(events::add);

  private void replay(String name) {
    for (var message : Recordings.messages(name)) {
      engine.route(
          message,
          id ->
              (request, line) -> {
                written.add(line);
                return true;
              },
          written::add);
    }
  }

  private <T extends SessionEvent> List<T> all(Class<T> type) {
    return events.stream().filter(type::isInstance).map(type::cast).toList();
  }

  private PermissionRequest request(String tool) {
    return all(SessionEvent.PermissionRequested.class).stream()
        .map(SessionEvent.PermissionRequested::request)
        .filter(r -> r.toolName().equals(tool))
        .findFirst()
        .orElseThrow();
  }

  private static JsonNode recordedStdin(String name, int line) throws IOException {
    return Json.mapper().readTree(Files.readAllLines(Recordings.stdin(name)).get(line));
  }

  @Test
  void answeringQuestionsSendsTheInputWithTheAnswersExactlyAsTheCliAccepted() throws IOException {
    replay("p8b-askuserquestion-answered");
    PermissionRequest ask = request("AskUserQuestion");
    assertThat(ask.request().requiresUserInteraction()).isTrue();

    assertThat(ask.answerQuestions(Map.of("Which database should we use?", "Postgres"))).isTrue();

    assertThat(Json.mapper().readTree(written.get(written.size() - 1)))
        .isEqualTo(recordedStdin("p8b-askuserquestion-answered", 1));
  }

  @Test
  void theStrippedPlanOfExitPlanModeComesFromTheModelsToolUse() {
    replay("p8-askuserquestion-exitplan-echo");
    PermissionRequest plan = request("ExitPlanMode");

    assertThat(plan.request().input().isEmpty()).isTrue();
    assertThat(plan.context().modelInput().orElseThrow().path("plan").asText())
        .isEqualTo("1. Create schema\n2. Write migration\n3. Test");
  }

  @Test
  void approvingAPlanWithEditsAcceptedSetsTheModeForTheSession() throws IOException {
    replay("p8-askuserquestion-exitplan-echo");

    request("ExitPlanMode").approvePlan("acceptEdits");

    JsonNode answer =
        Json.mapper().readTree(written.get(written.size() - 1)).at("/response/response");
    assertThat(answer.path("behavior").asText()).isEqualTo("allow");
    assertThat(answer.path("updatedInput").isEmpty()).isTrue();
    assertThat(answer.at("/updatedPermissions/0/type").asText()).isEqualTo("setMode");
    assertThat(answer.at("/updatedPermissions/0/mode").asText()).isEqualTo("acceptEdits");
    assertThat(answer.at("/updatedPermissions/0/destination").asText()).isEqualTo("session");
  }

  @Test
  void aDeclineAndAPlanApprovedWithEditsAcceptedAreTheLinesTheCliTookInP8c() throws IOException {
    String name = "p8c-question-declined-plan-accept-edits";
    replay(name);

    request("AskUserQuestion").deny(PermissionRequest.QUESTIONS_DECLINED);
    request("ExitPlanMode").approvePlan("acceptEdits");

    int answers = written.size();
    assertThat(Json.mapper().readTree(written.get(answers - 2)).at("/response/response"))
        .isEqualTo(recordedStdin(name, 1).at("/response/response"));
    assertThat(Json.mapper().readTree(written.get(answers - 1)).at("/response/response"))
        .isEqualTo(recordedStdin(name, 2).at("/response/response"));
    assertThat(all(SessionEvent.StatusChanged.class))
        .extracting(SessionEvent.StatusChanged::permissionMode)
        .contains("acceptEdits");
    assertThat(all(SessionEvent.TurnStarted.class))
        .extracting(SessionEvent.TurnStarted::permissionMode)
        .containsExactly("plan", "acceptEdits");
  }

  @Test
  void aSubagentsRequestNamesTheAgentByItsDescriptionAndType() {
    replay("p1-subagent-fg-allow");

    assertThat(request("Bash").context().agent()).contains("Probe agent (general-purpose)");
  }

  @Test
  void anMcpToolRequestCarriesItsServerName() {
    replay("p17-mcp-elicitation");

    PermissionRequest mcp = request("mcp__tiny__ask");
    assertThat(mcp.request().mcpServerName()).isEqualTo("tiny");
    assertThat(mcp.request().displayName()).isEqualTo("Ask");
  }

  @Test
  void anElicitationBecomesAFormAndIsAnsweredWithTheValues() throws IOException {
    replay("p17-mcp-elicitation");
    ElicitationRequest form = all(SessionEvent.ElicitationRequested.class).get(0).request();

    assertThat(written).noneMatch(line -> line.contains("does not support"));
    assertThat(form.serverName()).isEqualTo("tiny");
    assertThat(form.message()).isEqualTo("Which colour do you prefer?");
    assertThat(form.unsupported()).isEmpty();
    assertThat(form.fields())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.name()).isEqualTo("colour");
              assertThat(f.kind()).isEqualTo(ElicitationRequest.Kind.ENUM);
              assertThat(f.choices()).containsExactly("red", "blue");
              assertThat(f.required()).isTrue();
            });

    assertThat(form.accept(Json.object().put("colour", "blue"))).isTrue();
    assertThat(form.decline()).isFalse();

    JsonNode line = Json.mapper().readTree(written.get(written.size() - 1));
    assertThat(line.at("/response/subtype").asText()).isEqualTo("success");
    assertThat(line.at("/response/request_id").asText()).isEqualTo(form.requestId());
    assertThat(line.at("/response/response"))
        .isEqualTo(
            Json.mapper().readTree("{\"action\":\"accept\",\"content\":{\"colour\":\"blue\"}}"));
  }

  @Test
  void anElicitationWithAFieldNoFormCanShowIsMarkedUnsupportedAndCanOnlyBeDeclined()
      throws IOException {
    engine.route(
        MessageParser.parse(
            Json.mapper()
                .readTree(
                    "{\"type\":\"control_request\",\"request_id\":\"e1\",\"request\":{\"subtype\":"
                        + "\"elicitation\",\"mcp_server_name\":\"s\",\"message\":\"m\",\"mode\":"
                        + "\"form\",\"requested_schema\":{\"type\":\"object\",\"properties\":"
                        + "{\"tags\":{\"type\":\"array\"}}}}}")),
        id -> (request, line) -> true,
        written::add);
    ElicitationRequest form = all(SessionEvent.ElicitationRequested.class).get(0).request();

    assertThat(form.unsupported()).hasValueSatisfying(why -> assertThat(why).contains("tags"));
    form.decline();
    assertThat(Json.mapper().readTree(written.get(0)).at("/response/response/action").asText())
        .isEqualTo("decline");
  }

  @Test
  void aFailedMcpServerIsToldOnceNamingIt() {
    replay("p14-mcp-server-failed");
    replay("p14-mcp-server-failed");

    assertThat(all(SessionEvent.Notice.class))
        .filteredOn(n -> n.text().contains("MCP server"))
        .singleElement()
        .satisfies(
            n -> {
              assertThat(n.level()).isEqualTo(SessionEvent.Level.WARNING);
              assertThat(n.text()).contains("broken").doesNotContain("tiny");
            });
  }

  /**
   * No recording holds a rate_limit_event (the CLI sends none with an API key
   * [p16-rate-limit-headers]); these lines follow the CLI's own schema of {@code rate_limit_info}.
   */
  @Test
  void aLimitNearOrReachedIsReportedWithItsResetTimeAndPlainAllowedIsNot() throws IOException {
    for (String status : List.of("allowed", "allowed_warning", "rejected")) {
      engine.route(
          MessageParser.parse(
              Json.mapper()
                  .readTree(
                      "{\"type\":\"rate_limit_event\",\"rate_limit_info\":{\"status\":\""
                          + status
                          + "\",\"resetsAt\":1767268800,\"rateLimitType\":\"five_hour\","
                          + "\"utilization\":0.9},\"uuid\":\"u\",\"session_id\":\"s\"}")),
          id -> (request, line) -> true,
          written::add);
    }

    assertThat(all(SessionEvent.RateLimited.class))
        .extracting(SessionEvent.RateLimited::status)
        .containsExactly("allowed_warning", "rejected");
    SessionEvent.RateLimited reached = all(SessionEvent.RateLimited.class).get(1);
    assertThat(reached.reached()).isTrue();
    assertThat(reached.limitType()).isEqualTo("five_hour");
    assertThat(reached.resetsAt()).isEqualTo(Instant.parse("2026-01-01T12:00:00Z"));
    assertThat(reached.utilization()).isEqualTo(0.9);
  }
}
