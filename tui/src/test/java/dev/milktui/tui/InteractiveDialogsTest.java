package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.protocol.ControlRequestMessage;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.session.SessionEngine;
import dev.milktui.core.testkit.Recordings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * AskUserQuestion, ExitPlanMode and who asks, replayed from the real CLI's recordings through the
 * session engine onto the virtual screen, answered with keys.
 */
class InteractiveDialogsTest {
  private final List<String> written = new ArrayList<>();

  private Harness replay(String name) {
    return replay(name, Integer.MAX_VALUE);
  }

  /** Replays the first {@code lines} lines of a recording. */
  private Harness replay(String name, int lines) {
    Harness h = new Harness(120, 36);
    SessionEngine engine = new SessionEngine(h.listener());
    for (var message : Recordings.messages(name).stream().limit(lines).toList()) {
      engine.route(
          message,
          id ->
              (request, line) -> {
                written.add(line);
                return true;
              },
          written::add);
    }
    return h.pump();
  }

  private JsonNode lastAnswer() {
    try {
      return Json.mapper().readTree(written.get(written.size() - 1)).at("/response/response");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static ObjectNode question(String text, boolean multi, String... labels) {
    ObjectNode q =
        Json.object().put("question", text).put("header", "Pick").put("multiSelect", multi);
    var options = q.putArray("options");
    for (String label : labels) {
      options.addObject().put("label", label).put("description", "about " + label);
    }
    return q;
  }

  private Harness asking(ObjectNode... questions) {
    Harness h = new Harness(120, 36);
    ObjectNode input = Json.object();
    var list = input.putArray("questions");
    for (ObjectNode q : questions) {
      list.add(q);
    }
    PermissionRequest request = Events.request("q1", "AskUserQuestion", input, List.of(), written);
    return h.events(new SessionEvent.PermissionRequested(request));
  }

  @Test
  void aQuestionIsAPickerWithHeaderOptionsDescriptionsAndOther() {
    Harness h = replay("p8b-askuserquestion-answered");

    assertThat(h.screen())
        .contains("Claude asks: Database")
        .contains("Which database should we use?")
        .contains("1. Postgres — Relational")
        .contains("2. SQLite — Embedded")
        .contains("Other:")
        .doesNotContain("\"questions\"");
  }

  @Test
  void theHighlightedOptionIsTheAnswerSentWithTheInput() {
    Harness h = replay("p8b-askuserquestion-answered");

    h.key(KeyType.ArrowDown).key(KeyType.Enter);

    JsonNode answer = lastAnswer();
    assertThat(answer.path("behavior").asText()).isEqualTo("allow");
    assertThat(answer.at("/updatedInput/answers/Which database should we use?").asText())
        .isEqualTo("SQLite");
    assertThat(answer.at("/updatedInput/questions/0/options/0/label").asText())
        .isEqualTo("Postgres");
    assertThat(h.screen()).doesNotContain("Claude asks");
  }

  @Test
  void escDeclinesInWordsTheModelUnderstandsAndNeverAllowsWithoutAnswers() {
    Harness h = replay("p8b-askuserquestion-answered");

    h.key(KeyType.Escape);

    JsonNode answer = lastAnswer();
    assertThat(answer.path("behavior").asText()).isEqualTo("deny");
    assertThat(answer.path("message").asText()).contains("declined to answer");
  }

  @Test
  void severalTicksAndOtherAreJoinedAndEachQuestionIsAskedInTurn() {
    Harness h =
        asking(
            question("Which features?", true, "Search", "Export", "Sync"),
            question("Which colour?", false, "Red", "Blue"));
    assertThat(h.screen()).contains("Claude asks (1 of 2): Pick").contains("[ ] 1. Search");

    h.key(KeyType.Enter);
    assertThat(h.screen()).contains("Pick an option");
    h.type(" ").key(KeyType.ArrowDown).key(KeyType.ArrowDown).type(" ");
    h.key(KeyType.ArrowDown).type("Offline mode").key(KeyType.Enter);

    assertThat(h.screen()).contains("Claude asks (2 of 2)").contains("Which colour?");
    assertThat(written).isEmpty();
    h.key(KeyType.ArrowDown).key(KeyType.ArrowDown).type("Green").key(KeyType.Enter);

    JsonNode answers = lastAnswer().at("/updatedInput/answers");
    assertThat(answers.path("Which features?").asText()).isEqualTo("Search, Sync, Offline mode");
    assertThat(answers.path("Which colour?").asText()).isEqualTo("Green");
  }

  @Test
  void questionsNoPickerCanReadAreNeverAllowedByEchoingThemOnlyDeclined() {
    Harness h = new Harness(120, 36);
    PermissionRequest request =
        Events.request(
            "q1", "AskUserQuestion", Json.object().put("questions", "?"), List.of(), written);
    h.events(new SessionEvent.PermissionRequested(request));

    h.type("y").type("A");
    assertThat(written).isEmpty();
    assertThat(h.screen()).contains("could not be shown as a picker");
    h.type("n").key(KeyType.Enter);
    assertThat(lastAnswer().path("behavior").asText()).isEqualTo("deny");
  }

  @Test
  void atTheSmallestScreenALongDescriptionScrollsAndTheQuestionLabelAndKeysStayWhole() {
    Harness h = new Harness(60, 16);
    ObjectNode q =
        question(
            "Which of these very long and detailed approaches should we take for the migration of"
                + " the database schema, given everything we know?",
            false,
            "A very long label that goes on and on past the edge of a small screen",
            "Second",
            "Third",
            "Fourth");
    ((ObjectNode) q.get("options").get(0)).put("description", "word ".repeat(120));
    ObjectNode input = Json.object();
    input.putArray("questions").add(q);
    h.events(
        new SessionEvent.PermissionRequested(
            Events.request("q1", "AskUserQuestion", input, List.of(), written)));

    assertThat(h.screen())
        .contains("everything we know?")
        .contains("past the edge of")
        .contains("a small screen: word")
        .contains("more line(s)")
        .contains("Esc decline");
  }

  @Test
  void atTheSmallestScreenALongPlanScrollsAndEveryWayOnShowsItsKey() {
    Harness h = new Harness(60, 16);
    StringBuilder plan = new StringBuilder("# Plan\n\n");
    for (int i = 1; i <= 40; i++) {
      plan.append(i).append(". Step number ").append(i).append(" of the plan\n");
    }
    h.events(
        new SessionEvent.PermissionRequested(
            Events.request(
                "p1",
                "ExitPlanMode",
                Json.object().put("plan", plan.toString()),
                List.of(),
                written)));

    assertThat(h.screen())
        .contains("1. Step number 1 of the plan")
        .contains("more line(s)")
        .contains("ask before edits (y)")
        .contains("auto-accept edits (Shift+A)")
        .contains("Keep planning (n)")
        .contains("Esc rejects the plan");
  }

  @Test
  void aNumberPicksItsOption() {
    Harness h = asking(question("Which colour?", false, "Red", "Blue", "Green"));

    h.type("3").key(KeyType.Enter);

    assertThat(lastAnswer().at("/updatedInput/answers/Which colour?").asText()).isEqualTo("Green");
  }

  @Test
  void thePlanStrippedFromTheRequestIsShownFromTheModelsCall() {
    Harness h = replay("p8-askuserquestion-exitplan-echo");
    h.key(KeyType.Escape);

    assertThat(h.screen())
        .contains("Claude's plan")
        .contains("1. Create schema")
        .contains("2. Write migration")
        .contains("3. Test")
        .contains("Approve, ask before edits (y)")
        .contains("Approve, auto-accept edits (Shift+A)")
        .contains("Keep planning (n)")
        .doesNotContain("{ }");
  }

  @Test
  void aPlanInThePlanFileIsShownWithItsPathAndApprovedAsTheCliTookIt() throws IOException {
    String name = "p8d-plan-file";
    Harness h = replay(name);

    assertThat(h.screen())
        .contains("Plan file: /tmp/fake-anthropic-runs/p8d-plan-file/home/.claude/plans/")
        .contains("1. Add the index")
        .contains("2. Run the tests");
    h.type("y");

    List<String> recorded = Files.readAllLines(Recordings.stdin(name));
    assertThat(lastAnswer())
        .isEqualTo(Json.mapper().readTree(recorded.get(1)).at("/response/response"));
  }

  @Test
  void aPlanTheModelWroteToThePlanFileIsShownWithThatFilesPath() {
    Harness h = new Harness(120, 36);
    ObjectNode input =
        Json.object()
            .put("plan", "# Plan\n\n1. Add the index\n2. Run the tests")
            .put("planFilePath", "/home/dev/.claude/plans/calm-river.md");
    h.events(
        new SessionEvent.PermissionRequested(
            Events.request("p1", "ExitPlanMode", input, List.of(), written)));

    assertThat(h.screen())
        .contains("Plan file: /home/dev/.claude/plans/calm-river.md")
        .contains("1. Add the index")
        .contains("2. Run the tests")
        .doesNotContain("planFilePath");
    h.type("y");
    assertThat(lastAnswer().path("behavior").asText()).isEqualTo("allow");
  }

  @Test
  void approvingWithEditsAutoAcceptedNeedsShiftAAndSetsTheMode() {
    Harness h = replay("p8-askuserquestion-exitplan-echo");
    h.key(KeyType.Escape);
    int before = written.size();

    h.type("a");
    assertThat(written).hasSize(before);
    assertThat(h.screen()).contains("press Shift+A if you mean it");
    h.type("A");

    JsonNode answer = lastAnswer();
    assertThat(answer.path("behavior").asText()).isEqualTo("allow");
    assertThat(answer.at("/updatedPermissions/0/mode").asText()).isEqualTo("acceptEdits");
  }

  @Test
  void approvingKeepsAskingBeforeEdits() {
    Harness h = replay("p8-askuserquestion-exitplan-echo");
    h.key(KeyType.Escape).type("y");

    assertThat(lastAnswer().at("/updatedPermissions/0/mode").asText()).isEqualTo("default");
  }

  @Test
  void keepPlanningSendsTheUsersFeedbackAsADenial() {
    Harness h = replay("p8-askuserquestion-exitplan-echo");
    h.key(KeyType.Escape).type("n").type("Add a rollback step").key(KeyType.Enter);

    JsonNode answer = lastAnswer();
    assertThat(answer.path("behavior").asText()).isEqualTo("deny");
    assertThat(answer.path("message").asText())
        .contains("keep planning")
        .contains("Add a rollback step");
    assertThat(answer.path("interrupt").isMissingNode()).isTrue();
  }

  @Test
  void escOnTheQuestionAndShiftAOnThePlanSendWhatTheCliTookAndTheBarShowsAcceptEdits()
      throws IOException {
    String name = "p8c-question-declined-plan-accept-edits";
    Harness h = replay(name);

    h.key(KeyType.Escape).type("A");

    List<String> recorded = Files.readAllLines(Recordings.stdin(name));
    assertThat(Json.mapper().readTree(written.get(written.size() - 2)).at("/response/response"))
        .isEqualTo(Json.mapper().readTree(recorded.get(1)).at("/response/response"));
    assertThat(lastAnswer())
        .isEqualTo(Json.mapper().readTree(recorded.get(2)).at("/response/response"));
    assertThat(h.controller.statusBar().mode()).isEqualTo("acceptEdits");
  }

  @Test
  void aSubagentsRequestSaysWhichAgentAsks() {
    Harness h = replay("p1-subagent-fg-allow");

    assertThat(h.screen()).contains("Agent Probe agent (general-purpose) asks");
  }

  @Test
  void anMcpToolRequestNamesTheToolAsItsServerShowsItAndTheServer() {
    // Up to the tool's permission request: the form the server asks for comes after it is allowed.
    String name = "p17-mcp-elicitation";
    int lines = 0;
    for (var message : Recordings.messages(name)) {
      lines++;
      if (message instanceof ControlRequestMessage) {
        break;
      }
    }
    Harness h = replay(name, lines);

    assertThat(h.screen()).contains("MCP tool \"Ask\" of server tiny");
  }
}
