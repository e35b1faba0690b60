package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.testkit.DatabaseQuestion;
import dev.milktui.core.testkit.FakeAnthropicApi;
import dev.milktui.core.testkit.Reply;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The built binary in tmux with the real claude against the fake API: an AskUserQuestion picked
 * with keys reaches the model as the chosen answer, and an ExitPlanMode plan is shown and approved
 * with edits auto-accepted, after which claude reports acceptEdits.
 */
@Timeout(value = 150, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class InteractiveToolsInTerminalIT extends RealClaudeInTmuxFixture {
  @Test
  void aQuestionIsPickedWithKeysAndTheAnswerReachesTheModel() throws Exception {
    try (FakeAnthropicApi api =
            FakeAnthropicApi.start(
                DatabaseQuestion.asked("toolu_ask"), Reply.text("Thanks for answering."));
        Tmux tmux = milkTuiWithBaseline(api)) {
      tmux.await("│ baseline on");
      tmux.type("Ask me");
      tmux.send("Enter");
      tmux.awaitDialog("Claude asks: Database");
      String picker = tmux.await("2. SQLite — Embedded");
      assertThat(picker).contains("1. Postgres — Relational").contains("Other:");
      tmux.send("Down");
      tmux.send("Enter");
      tmux.await("Thanks for answering.");
      assertThat(api.toolResults())
          .filteredOn(r -> r.toolUseId().equals("toolu_ask"))
          .singleElement()
          .satisfies(
              r ->
                  assertThat(r.content()).contains("\"" + DatabaseQuestion.TEXT + "\"=\"SQLite\""));
      tmux.quitCleanly();
    }
  }

  @Test
  void aPlanIsShownAndApprovedWithEditsAutoAccepted() throws Exception {
    try (FakeAnthropicApi api =
            FakeAnthropicApi.start(
                Reply.toolUse("toolu_search", "ToolSearch", Map.of("query", "select:ExitPlanMode")),
                Reply.toolUse(
                    "toolu_plan",
                    "ExitPlanMode",
                    Map.of("plan", "1. Create the schema\n2. Write the migration")),
                Reply.text("Plan accepted; starting."));
        Tmux tmux = milkTuiWithBaseline(api, "--permission-mode", "plan")) {
      tmux.await("│ baseline on");
      tmux.type("Plan the database");
      tmux.send("Enter");
      tmux.awaitDialog("Claude's plan");
      String plan = tmux.await("2. Write the migration");
      assertThat(plan).contains("1. Create the schema").doesNotContain("{ }");
      tmux.send("A");
      tmux.await("Plan accepted; starting.");
      tmux.await("│ acceptEdits │");
      assertThat(api.toolResults())
          .filteredOn(r -> r.toolUseId().equals("toolu_plan"))
          .singleElement()
          .satisfies(r -> assertThat(r.isError()).isFalse());
      tmux.quitCleanly();
    }
  }
}
