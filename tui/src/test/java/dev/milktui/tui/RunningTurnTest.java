package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.history.SessionFile;
import dev.milktui.tui.app.UiEvent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunningTurnTest {

  private static SessionEvent.TurnStarted started() {
    return new SessionEvent.TurnStarted(
        "abcdef0123456789", "claude-test", "/projects/p", "acceptEdits", "2.1.332", List.of());
  }

  @Test
  void aSessionStartsWithAHeaderOfWhereWhatAndWhichVersions() {
    Harness h = new Harness(120, 30);
    h.controller.showVersion("9.9.9");
    h.events(started());
    assertThat(h.screen())
        .contains("milk-tui 9.9.9 · claude 2.1.332 · /projects/p · model claude-test ·")
        .contains("acceptEdits mode");

    h.events(new SessionEvent.TurnFinished(Events.summary(List.of(), List.of())), started());
    assertThat(h.screen().split("claude 2.1.332", -1)).hasSize(2);
  }

  @Test
  void anInitWithoutAVersionTakesTheOneClaudeVersionAnswered() {
    Harness h = new Harness(120, 30);
    h.controller.post(new UiEvent.ClaudeVersion("1.0.128"));
    h.events(new SessionEvent.TurnStarted("s", "claude-test", "/p", "default", null, List.of()));

    assertThat(h.screen()).contains("· claude 1.0.128 · /p ·").doesNotContain("claude ?");
  }

  @Test
  void claudeInAModeNotAskedForIsSaidInTheTranscriptAndTheStatusBarUntilItIsSetBack() {
    Harness h = new Harness(160, 30);
    h.events(
        new SessionEvent.TurnStarted("s", "claude-test", "/p", "auto", "2.1.300", List.of()),
        new SessionEvent.PermissionModeUnrequested(
            "auto", "tools run without asking you", "default", true));

    assertThat(h.screen())
        .contains("claude started in auto mode: tools run without asking you; milk-tui is")
        .contains("auto mode: tools run without asking you │");

    h.events(new SessionEvent.StatusChanged(null, "default"));
    assertThat(h.screen()).doesNotContain("auto mode: tools run without asking you │");
  }

  @Test
  void aRunningTurnShowsTheSpinnerLineWithElapsedTimeTokensAndHowToInterrupt() {
    Harness h = new Harness(100, 30);
    assertThat(h.screen()).doesNotContain("Esc to interrupt");
    h.events(started(), new SessionEvent.UserPrompt("hi", false));
    assertThat(h.screen()).contains("Thinking… (0s · Esc to interrupt)");

    h.events(new SessionEvent.TextDelta("m1", 0, "x".repeat(400)));
    h.clock.advance(Duration.ofSeconds(75));
    h.controller.tick();
    h.pump();
    assertThat(h.screen()).contains("Streaming… (1m 15s · ↓ ~100 tokens · Esc to interrupt)");

    h.events(new SessionEvent.TurnFinished(Events.summary(List.of(), List.of())));
    assertThat(h.screen()).doesNotContain("Esc to interrupt");
  }

  @Test
  void theSpinnerLineGoesWhenClaudeStops() {
    Harness h = new Harness(100, 30);
    h.events(started(), new SessionEvent.UserPrompt("hi", false));
    assertThat(h.screen()).contains("Esc to interrupt");
    h.events(new SessionEvent.ProcessExited(1, "boom", false));
    assertThat(h.screen()).doesNotContain("Esc to interrupt");
  }

  @Test
  void aResumedConversationShowsNothingRunningUntilTheFirstMessageAtSeveralSizes()
      throws Exception {
    Path file = Files.createTempFile("resumed", ".jsonl");
    try {
      Files.writeString(
          file,
          String.join(
              "\n",
              "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"hello\"}}",
              "{\"type\":\"assistant\",\"message\":{\"id\":\"m1\",\"role\":\"assistant\","
                  + "\"model\":\"claude-test\",\"content\":[{\"type\":\"text\",\"text\":\"Hi!\"}]}}",
              ""));
      for (int[] size : new int[][] {{80, 24}, {120, 40}}) {
        Harness h = new Harness(size[0], size[1]);
        h.events(SessionFile.read(file).toArray(SessionEvent[]::new));
        assertThat(h.screen())
            .contains("hello")
            .contains("Hi!")
            .doesNotContain("Streaming")
            .doesNotContain("Thinking")
            .doesNotContain("Esc to interrupt")
            .doesNotContain("● thinking")
            .doesNotContain("● streaming")
            .contains("● idle")
            .doesNotContain("─ turn");
      }
    } finally {
      Files.deleteIfExists(file);
    }
  }

  @Test
  void theEmptyTranscriptShowsTheFirstScreenUntilTheConversationStartsAtSeveralSizes() {
    for (int[] size : new int[][] {{60, 16}, {80, 24}, {120, 40}}) {
      Harness h = new Harness(size[0], size[1]);
      h.controller.showVersion("9.9.9");
      h.controller.workingDirectory(Path.of("/projects/billing"));
      h.controller.showBaseline("Bash, Read; edits in cwd and /tmp");
      h.pump();
      assertThat(h.screen())
          .contains("milk-tui 9.9.9")
          .contains("/projects/billing")
          .contains("claude's default")
          .contains("mode     default")
          .contains("Bash, Read; edits in cwd and /tmp")
          .contains("Enter")
          .contains("F1")
          .contains("Ctrl+C");

      h.events(started());
      assertThat(h.screen()).doesNotContain("claude's default").doesNotContain("shows every key");
    }
  }
}
