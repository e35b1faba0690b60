package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.testkit.FakeAnthropicApi;
import dev.milktui.core.testkit.Reply;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The built binary in a real terminal with the real claude against the fake API: a background agent
 * shown while it runs and the turn claude starts when it finishes stopped with Esc; /clear emptying
 * the screen; --continue showing the earlier conversation.
 */
@Timeout(value = 150, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ClaudeWorkInTerminalIT extends RealClaudeInTmuxFixture {
  @Test
  void aBackgroundAgentIsShownAndTheTurnClaudeStartsAfterItIsStoppedWithEsc() {
    try (FakeAnthropicApi api =
            FakeAnthropicApi.start(
                    Reply.toolUse(
                            "toolu_main_bg_agent",
                            "Agent",
                            Map.of(
                                "description",
                                "Background probe",
                                "prompt",
                                "SUBAGENT-BG: report",
                                "subagent_type",
                                "general-purpose"))
                        .withText("Starting a background agent."),
                    Reply.text("Main: agent launched, I will wait."),
                    Reply.text("Main: got the report.").withStartDelay(Duration.ofSeconds(60)))
                .answerAgents(
                    "SUBAGENT-BG",
                    Reply.text("BG sub: done.").withStartDelay(Duration.ofSeconds(3)));
        Tmux tmux = milkTuiWithBaseline(api)) {
      tmux.await("● idle");
      tmux.type("Run it in the background");
      tmux.send("Enter");
      tmux.await("1 agent running: Background probe");
      tmux.await("I will wait.");
      tmux.await("Claude started a turn by itself");
      tmux.send("Escape");
      String stopped = tmux.await("Turn interrupted.");
      assertThat(stopped).doesNotContain("agent running");
      tmux.quitCleanly();
    }
  }

  @Test
  void clearEmptiesTheScreenAndTheNewSessionStartsFromNothing() {
    try (FakeAnthropicApi api = FakeAnthropicApi.start(Reply.text("Hello there, first reply."));
        Tmux tmux = milkTuiWithBaseline(api)) {
      tmux.await("● idle");
      tmux.type("hello");
      tmux.send("Enter");
      tmux.await("Hello there, first reply.");
      tmux.await("ctx ");
      tmux.type("/clear");
      tmux.send("Enter");
      tmux.await("Conversation cleared");
      // A capture can catch the frame half drawn; the old conversation must be gone once it is.
      String cleared = tmux.awaitGone("first reply");
      assertThat(cleared)
          .contains("Conversation cleared")
          .doesNotContain("(no response)")
          // The new session's totals start from nothing (at 120 columns the bar shows the cost).
          .contains("│ $0.0000 │");
      tmux.quitCleanly();
    }
  }

  @Test
  void continueShowsTheEarlierConversationFromClaudesOwnFile() {
    try (FakeAnthropicApi api =
        FakeAnthropicApi.start(Reply.text("First answer."), Reply.text("After the resume."))) {
      try (Tmux tmux = milkTuiWithBaseline(api)) {
        tmux.await("● idle");
        tmux.type("hello there");
        tmux.send("Enter");
        tmux.await("First answer.");
        tmux.quitCleanly();
      }
      try (Tmux tmux = milkTuiWithBaseline(api, "--continue")) {
        String resumed = tmux.await("Earlier conversation: 1 prompt(s)");
        assertThat(resumed).contains("> hello there").contains("First answer.");
        assertThat(resumed).doesNotContain(" new │");
        tmux.type("and now?");
        tmux.send("Enter");
        tmux.await("After the resume.");
        tmux.quitCleanly();
      }
    }
  }
}
