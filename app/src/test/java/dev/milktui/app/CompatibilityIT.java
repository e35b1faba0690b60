package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.milktui.core.testkit.FakeAnthropicApi;
import dev.milktui.core.testkit.RealClaude;
import dev.milktui.core.testkit.Reply;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The compatibility matrix (docs/compatibility.md): the built binary in a real terminal with the
 * real claude of each version in {@code -Dmilk.compat.versions} (see {@link CompatVersions})
 * against the project's fake Anthropic API, through the flows a user meets first. Each flow is one
 * test, so a failure names its version and flow ({@link CompatReport} records both).
 */
@ParameterizedClass(name = "claude {0}", allowZeroInvocations = true)
@MethodSource("dev.milktui.app.CompatVersions#toRun")
@ExtendWith(CompatReport.class)
@Timeout(value = 150, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class CompatibilityIT extends RealClaudeInTmuxFixture {
  private final String version;

  CompatibilityIT(String version) {
    this.version = version;
  }

  String version() {
    return version;
  }

  /**
   * Installs the version before its flows, outside their time limits (npm may take minutes). A
   * failure is kept by {@link RealClaude}, and each flow then fails with npm's message in its own.
   */
  @BeforeParameterizedClassInvocation
  static void install(String version) {
    try {
      RealClaude.binary(version);
    } catch (IllegalStateException e) {
      System.out.println(
          "Compatibility: claude " + version + " is not installed: " + e.getMessage());
    }
  }

  private Tmux milkTui(FakeAnthropicApi api, String... options) {
    return Tmux.milkTuiWithClaude(RealClaude.binary(version), sandbox, api.baseUrl(), options);
  }

  /**
   * Text before a tool call and the Markdown answer after it, two API messages in one turn: each
   * text is on screen once, rendered, and neither is glued to the other.
   */
  @Test
  @DisplayName("streamed reply shown once")
  void aStreamedMarkdownReplyAppearsExactlyOnce() throws Exception {
    Path notes = Files.writeString(sandbox.workDir().resolve("notes.txt"), "teal\nteal\n");
    try (FakeAnthropicApi api =
            FakeAnthropicApi.start(
                Reply.toolUse("toolu_read", "Read", Map.of("file_path", notes.toString()))
                    .withText("Reading the notes first."),
                Reply.text(
                    "## Notes summary\n\nThe notes say **teal** twice:\n\n"
                        + "- first mention\n- second mention\n\nEnd of summary."));
        Tmux tmux = milkTui(api)) {
      tmux.await("Message");
      tmux.type("Summarise the notes");
      tmux.send("Enter");
      // The footer comes with the result, after every line that could repeat the text.
      String screen = tmux.awaitAny("turn 1 done", "turn 1 failed", "turn 1 interrupted");
      for (String text :
          List.of(
              "Reading the notes first.", "Notes summary", "second mention", "End of summary.")) {
        assertOnce(screen, text);
      }
      if (screen.contains("first.Notes") || screen.contains("first.##")) {
        fail("the two messages' texts are glued together:\n" + screen);
      }
      assertThat(screen)
          .as("the Markdown is rendered (no ** or ## left):\n%s", screen)
          .doesNotContain("**teal**")
          .doesNotContain("## Notes");
      tmux.quitCleanly();
    }
  }

  @Test
  @DisplayName("Bash asks with --no-baseline, y runs it")
  void withNoBaselineABashCallAsksAndYesRunsIt() {
    Path created = sandbox.workDir().resolve("allowed.txt");
    try (FakeAnthropicApi api =
            FakeAnthropicApi.start(
                Reply.toolUse(
                    "toolu_touch",
                    "Bash",
                    Map.of("command", "touch allowed.txt", "description", "Create a file")),
                Reply.text("Created the file."));
        Tmux tmux = milkTui(api, "--no-baseline")) {
      tmux.await("│ no baseline");
      tmux.type("Create a file");
      tmux.send("Enter");
      String screen = tmux.awaitAny("Allow once (y)", "Created the file.");
      if (!screen.contains("Allow once (y)")) {
        fail(
            "no permission dialog: the Bash call "
                + (Files.exists(created) ? "ran without asking" : "did not ask and did not run")
                + ":\n"
                + screen);
      }
      assertThat(tmux.awaitDialog("Allow once (y)")).contains("touch allowed.txt");
      tmux.send("y");
      tmux.await("Created the file.");
      assertThat(created).as("the file the allowed Bash call creates").exists();
      tmux.quitCleanly();
    }
  }

  @Test
  @DisplayName("one-shot: stream closed → grant → retried write lands")
  void aStreamClosedWriteOutsideIsGrantedAndTheRetryLands() throws Exception {
    Path outside = Files.createDirectories(sandbox.root().resolve("outside"));
    Path target = outside.resolve("written.txt");
    try (FakeAnthropicApi api = writeFailsThenRetried(target);
        // Without the baseline: the sandbox is under /tmp, where the baseline allows edits.
        Tmux tmux = milkTui(api, "--no-baseline", "--transport", "one-shot")) {
      tmux.await("Message");
      tmux.type("Write the file outside");
      tmux.send("Enter");
      // The dialog opens after the turn's footer is drawn: wait for either, then for the dialog
      // unless the write ran without asking.
      tmux.awaitAny("permission channel closed", "turn 1 done", "turn 1 failed");
      if (Files.exists(target)) {
        fail(
            "no grant dialog: the Write outside the working directory ran without asking:\n"
                + tmux.screen());
      }
      tmux.awaitDialog("permission channel closed");
      tmux.await("[ ] Write");
      assertThat(target).doesNotExist();
      tmux.send("Space");
      tmux.await("Adds " + outside);
      // Enter grants for this session only (the default) and retries.
      tmux.send("Enter");
      tmux.await("The retry worked.");
      assertThat(target).as("the file the retried Write writes").hasContent("granted");
      tmux.quitCleanly();
    }
  }

  @Test
  @DisplayName("Esc during a reply says interrupted")
  void escDuringAReplySaysInterrupted() {
    String counting =
        "Counting slowly: "
            + IntStream.rangeClosed(1, 400)
                .mapToObj(Integer::toString)
                .collect(Collectors.joining(" "))
            + ". That is all.";
    // Chosen by the prompt, not by the count of earlier replies: older CLIs leave the cut reply
    // out of the history they send.
    Reply reply =
        Reply.fromRequest(
            request ->
                request.lastUserText().contains("Are you there?")
                    ? Reply.text("Still here.")
                    : Reply.text(counting).withChunkDelay(Duration.ofMillis(150)));
    try (FakeAnthropicApi api = FakeAnthropicApi.start(reply, reply);
        Tmux tmux = milkTui(api)) {
      tmux.await("Message");
      tmux.type("Count slowly");
      tmux.send("Enter");
      tmux.await("Counting slowly");
      tmux.send("Escape");
      String screen = tmux.awaitAny("turn 1 interrupted", "turn 1 done", "turn 1 failed");
      if (!screen.contains("turn 1 interrupted")) {
        String footer =
            screen.lines().filter(line -> line.contains("─ turn 1")).findFirst().orElse("");
        fail("after Esc the footer is not interrupted: " + footer.strip() + "\n" + screen);
      }
      tmux.type("Are you there?");
      tmux.send("Enter");
      // Whatever milk-tui says about the interrupted message is on screen before the next reply.
      String after = tmux.await("Still here.");
      assertThat(after)
          .as("the rest of the reply after Esc:\n%s", after)
          .doesNotContain("That is all.");
      if (after.contains("did not answer")) {
        fail(
            "after the user's own Esc, a 'claude did not answer' line under the half reply:\n"
                + after);
      }
      tmux.quitCleanly();
    }
  }

  @Test
  @DisplayName("--continue shows the history")
  void continueShowsTheEarlierConversation() {
    try (FakeAnthropicApi api =
        FakeAnthropicApi.start(Reply.text("First answer."), Reply.text("After the resume."))) {
      try (Tmux tmux = milkTui(api)) {
        tmux.await("Message");
        tmux.type("hello there");
        tmux.send("Enter");
        tmux.await("turn 1 done");
        tmux.quitCleanly();
      }
      try (Tmux tmux = milkTui(api, "--continue")) {
        String resumed = tmux.await("Earlier conversation: 1 prompt(s)");
        assertThat(resumed).as("the earlier conversation:\n%s", resumed).contains("> hello there");
        assertOnce(resumed, "First answer.");
        tmux.type("and now?");
        tmux.send("Enter");
        tmux.await("After the resume.");
        tmux.quitCleanly();
      }
    }
  }

  private static void assertOnce(String screen, String text) {
    int times = 0;
    for (int at = screen.indexOf(text); at >= 0; at = screen.indexOf(text, at + text.length())) {
      times++;
    }
    if (times != 1) {
      fail("'" + text + "' is on screen " + times + " times, not once:\n" + screen);
    }
  }
}
