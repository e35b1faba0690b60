package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.protocol.Json;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every key a permission request's input holds is on the screen before "allow" sends it back. */
class EveryKeyShownTest {

  private static JsonNode sentInput(String answer) throws IOException {
    return Json.mapper().readTree(answer).path("response").path("response").path("updatedInput");
  }

  @Test
  void aBashCallsSandboxEscapeAndBackgroundKeysAreShownInWordsAt80x24() throws IOException {
    Harness h = new Harness(80, 24);
    List<String> answers = Events.answers();
    JsonNode input =
        Json.mapper()
            .readTree(
                "{\"command\":\"ls\",\"description\":\"list\","
                    + "\"dangerouslyDisableSandbox\":true,\"run_in_background\":true}");
    PermissionRequest r = Events.request("r1", "Bash", input, List.of(), answers);
    h.events(new SessionEvent.PermissionRequested(r));
    String screen = h.screen().replaceAll("\\s+", " ");
    assertThat(screen)
        .contains("$ ls")
        .contains("# list")
        .contains("runs outside the sandbox")
        .contains("keeps running in the background")
        .contains("dangerouslyDisableSandbox = true")
        .contains("run_in_background = true");
    h.type("y");
    assertThat(sentInput(answers.get(0))).isEqualTo(input);
  }

  @Test
  void anMcpToolsNestedKeysAreShownAndALongInputScrollsToItsLastKeyOnASmallScreen()
      throws IOException {
    Harness h = new Harness(60, 16);
    ObjectNode input = Json.object();
    input.put("path", "/srv/data");
    for (int i = 0; i < 30; i++) {
      input.putObject("opt" + i).putArray("v").add("value " + i);
    }
    input.putObject("zz").put("dangerouslySkipChecks", true);
    List<String> answers = Events.answers();
    PermissionRequest r = Events.request("r1", "mcp__files__sync", input, List.of(), answers);
    h.events(new SessionEvent.PermissionRequested(r));
    String first = h.screen();
    assertThat(first)
        .contains("path = \"/srv/data\"")
        .contains("more line(s)")
        .doesNotContain("zz.dangerouslySkipChecks = true");
    assertThat(first).contains("zz.dangerouslySkipChecks: a key the tool itself calls");
    h.key(KeyType.End);
    assertThat(h.screen())
        .contains("opt29.v[0] = \"value 29\"")
        .contains("zz.dangerouslySkipChecks = true");
    h.type("y");
    assertThat(sentInput(answers.get(0))).isEqualTo(input);
  }

  @Test
  void lookalikeLettersAndBlankLookingCharactersInARequestAreMarkedAndNamed() {
    Harness h = new Harness(100, 30);
    h.events(
        new SessionEvent.PermissionRequested(
            Events.request(
                "r1",
                "WebFetch",
                Events.input("url", "https://\u0430pple.com/login", "prompt", "read\u3164it"),
                List.of(),
                Events.answers())));
    assertThat(h.screen())
        .contains("lookalikes")
        .contains("https://\\u0430pple.com/login")
        .contains("read\\u3164it");
  }

  private static final String QUESTIONS =
      "{\"questions\":[{\"question\":\"Which database?\",\"header\":\"Database\","
          + "\"options\":[{\"label\":\"Postgres\",\"description\":\"Relational\"},"
          + "{\"label\":\"SQLite\",\"description\":\"Embedded\"}],\"multiSelect\":false}]}";

  private static void asked(Harness h, String tool, JsonNode input, List<String> answers) {
    h.events(
        new SessionEvent.PermissionRequested(
            Events.request("r1", tool, input, List.of(), answers)));
  }

  @Test
  void aPlansKeysBeyondThePlanAreShownInWordsBeforeItIsApproved() throws IOException {
    Harness h = new Harness(80, 24);
    List<String> answers = Events.answers();
    JsonNode input =
        Json.mapper()
            .readTree(
                "{\"plan\":\"# Plan\\n\\n1. Add the index\","
                    + "\"dangerouslyDisableSandbox\":true,\"x\":{\"y\":1}}");
    asked(h, "ExitPlanMode", input, answers);
    String screen = h.screen().replaceAll("\\s+", " ");
    assertThat(screen)
        .contains("1. Add the index")
        .contains("Also in this request:")
        .contains("dangerouslyDisableSandbox = true")
        .contains("runs outside the sandbox")
        .contains("x.y = 1")
        .doesNotContain("plan = ");
    h.type("y");
    assertThat(sentInput(answers.get(0))).isEqualTo(input);
  }

  @Test
  void aQuestionsKeysBeyondThePickerAreShownBeforeItIsAnswered() throws IOException {
    Harness h = new Harness(80, 24);
    List<String> answers = Events.answers();
    ObjectNode input = (ObjectNode) Json.mapper().readTree(QUESTIONS);
    input.put("run_in_background", true);
    ((ObjectNode) input.at("/questions/0/options/1")).put("preview", "rm -rf ~");
    asked(h, "AskUserQuestion", input, answers);
    String screen = h.screen().replaceAll("\\s+", " ");
    assertThat(screen)
        .contains("1. Postgres — Relational")
        .contains("Also in this request:")
        .contains("questions[0].options[1].preview = \"rm -rf ~\"")
        .contains("run_in_background = true")
        .contains("keeps running in the background")
        .doesNotContain("questions[0].question =");
    h.key(KeyType.Enter);
    ObjectNode expected = input.deepCopy();
    expected.putObject("answers").put("Which database?", "Postgres");
    assertThat(sentInput(answers.get(0))).isEqualTo(expected);
  }

  @Test
  void manyKeysBeyondAQuestionScrollToTheLastOnTheSmallestScreenAndTheKeysStayShown() {
    Harness h = new Harness(60, 16);
    ObjectNode input;
    try {
      input = (ObjectNode) Json.mapper().readTree(QUESTIONS);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    for (int i = 0; i < 30; i++) {
      input.put("extra" + i, "value " + i);
    }
    asked(h, "AskUserQuestion", input, Events.answers());
    assertThat(h.screen())
        .contains("Also in this request:")
        .contains("more line(s)")
        .contains("Esc decline")
        .doesNotContain("extra29 = \"value 29\"");
    h.key(KeyType.ReverseTab).key(KeyType.End);
    assertThat(h.screen()).contains("extra29 = \"value 29\"").contains("Esc decline");
  }

  @Test
  void anOrdinaryQuestionAndPlanShowNothingBeyondTheirOwnForm() throws IOException {
    Harness question = new Harness(80, 24);
    asked(question, "AskUserQuestion", Json.mapper().readTree(QUESTIONS), Events.answers());
    assertThat(question.screen()).contains("Which database?").doesNotContain("Also in this");
    Harness plan = new Harness(80, 24);
    asked(
        plan,
        "ExitPlanMode",
        Events.input("plan", "# Plan\n\n1. Add it", "planFilePath", "/p/plan.md"),
        Events.answers());
    assertThat(plan.screen())
        .contains("Plan file: /p/plan.md")
        .contains("1. Add it")
        .doesNotContain("Also in this");
  }
}
