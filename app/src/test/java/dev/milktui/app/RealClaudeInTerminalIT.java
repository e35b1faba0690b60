package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.testkit.FakeAnthropicApi;
import dev.milktui.core.testkit.RealClaude;
import dev.milktui.core.testkit.Reply;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The built binary in a real terminal, driving the real claude CLI against the project's fake
 * Anthropic API: a permission dialog answered "allow once", then — with the one-shot transport — a
 * stream-closed failure, the grant dialog with a call ticked (its directory and narrowest rule
 * following) and "remember" chosen, and the resumed turn that writes the file.
 */
@Timeout(value = 150, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class RealClaudeInTerminalIT extends RealClaudeInTmuxFixture {
  private Tmux milkTui(FakeAnthropicApi api, String... options) {
    List<String> all = new ArrayList<>(List.of("--no-baseline"));
    all.addAll(List.of(options));
    return milkTuiWithBaseline(api, all.toArray(String[]::new));
  }

  @Test
  void theStatusBarShowsTheBaselineAndAWriteInTheWorkingDirectoryNeedsNoPrompt() throws Exception {
    Path target = sandbox.workDir().resolve("inside.txt");
    Map<String, Object> write = Map.of("file_path", target.toString(), "content", "baseline\n");
    try (FakeAnthropicApi api =
            FakeAnthropicApi.start(
                Reply.toolUse("toolu_write", "Write", write), Reply.text("Wrote it."));
        Tmux tmux = milkTuiWithBaseline(api)) {
      // At 120 columns the keys leave room for the short form only.
      tmux.await("│ baseline on");
      tmux.type("Write the file");
      tmux.send("Enter");
      String done = tmux.await("Wrote it.");
      assertThat(done).doesNotContain("Allow once (y)");
      assertThat(target).hasContent("baseline");
      tmux.send("C-c");
      tmux.send("C-c");
      tmux.await("MILK-EXIT=0");
    }
  }

  @Test
  void withoutALoginTheScreenSaysHowToLogIn() throws Exception {
    try (FakeAnthropicApi api = FakeAnthropicApi.start(Reply.text("Never asked."))) {
      Map<String, String> env = new HashMap<>(sandbox.environment(api.baseUrl()));
      ClaudeAuthentication.VARIABLES.forEach(env::remove);
      env.put("TERM", "xterm-256color");
      env.put("LANG", "C.UTF-8");
      List<String> command =
          List.of(
              "java",
              "-jar",
              DemoInTerminalIT.jar().toString(),
              "--claude",
              RealClaude.binary().toString());
      try (Tmux tmux = Tmux.start(command, env, sandbox.workDir())) {
        tmux.await("● idle");
        tmux.type("hello");
        tmux.send("Enter");
        String screen = tmux.await("claude could not log in");
        assertThat(screen).contains("Not logged in").contains("type /login");
        assertThat(screen).doesNotContain("Never asked.");
        tmux.send("C-c");
        tmux.send("C-c");
        tmux.await("MILK-EXIT=0");
      }
    }
  }

  @Test
  void aPromptIsAllowedOnceThenAStreamClosedWriteIsGrantedWithADirectoryAndRetried()
      throws Exception {
    try (FakeAnthropicApi api =
            FakeAnthropicApi.start(
                Reply.toolUse(
                    "toolu_touch",
                    "Bash",
                    Map.of("command", "touch allowed.txt", "description", "Create a file")),
                Reply.text("Created the file."));
        Tmux tmux = milkTui(api)) {
      tmux.await("│ no baseline");
      tmux.type("Create a file");
      tmux.send("Enter");
      String prompt = tmux.awaitDialog("Allow once (y)");
      assertThat(prompt).contains("touch allowed.txt");
      tmux.send("y");
      tmux.await("Created the file.");
      assertThat(sandbox.workDir().resolve("allowed.txt")).exists();
      tmux.send("C-c");
      tmux.send("C-c");
      tmux.await("MILK-EXIT=0");
    }

    Path outside = Files.createDirectories(sandbox.root().resolve("outside"));
    Path target = outside.resolve("written.txt");
    try (FakeAnthropicApi api = writeFailsThenRetried(target);
        Tmux tmux = milkTui(api, "--transport", "one-shot")) {
      tmux.await("Message");
      tmux.type("Write the file outside");
      tmux.send("Enter");
      tmux.awaitDialog("permission channel closed");
      // The screen may be captured while the dialog is still being drawn: wait for its row too.
      tmux.await("[ ] Write");
      assertThat(target).doesNotExist();

      tmux.send("Space");
      // The directory field follows the tick; the rule is the narrowest; remembering is chosen.
      tmux.await("Adds " + outside);
      tmux.send("Tab");
      tmux.send("Tab");
      tmux.send("Right");
      tmux.await("remember in Claude's settings");
      tmux.send("Enter");
      tmux.await("The retry worked.");
      assertThat(target).hasContent("granted");
      tmux.send("C-c");
      tmux.send("C-c");
      tmux.await("MILK-EXIT=0");
    }
    String settings = Files.readString(sandbox.configDir().resolve("settings.json"));
    assertThat(settings)
        .contains("\"Edit(/" + outside + "/**)\"")
        .contains(outside.toString())
        .doesNotContain("\"Write\"");
  }

  /**
   * "Allow always" with Shift+A: milk-tui saves the rule to the user settings it names, the second
   * identical call runs without a prompt, and claude writes no settings.local.json or git ignore.
   */
  @Test
  void allowAlwaysSavesToTheUserSettingsAndTheSecondCallRunsWithoutAPrompt() throws Exception {
    Map<String, Object> touch = Map.of("command", "touch always.txt", "description", "Touch");
    Path userSettings = sandbox.configDir().resolve("settings.json");
    try (FakeAnthropicApi api =
            FakeAnthropicApi.start(
                Reply.toolUse("toolu_touch_1", "Bash", touch),
                Reply.text("Made it."),
                Reply.toolUse("toolu_touch_2", "Bash", touch),
                Reply.text("Made it again."));
        Tmux tmux = milkTui(api)) {
      tmux.await("Message");
      tmux.type("Create a file");
      tmux.send("Enter");
      tmux.awaitDialog("Allow always (Shift+A)");
      tmux.type("A");
      assertThat(tmux.await("Will save 1 rule(s)")).contains(userSettings.toString());
      tmux.send("Enter");
      tmux.await("Made it.");
      tmux.type("Again");
      tmux.send("Enter");
      String screen = tmux.await("Made it again.");
      assertThat(screen).doesNotContain("Permission 1 of 1");
      tmux.send("C-c");
      tmux.send("C-c");
      tmux.await("MILK-EXIT=0");
    }
    assertThat(Files.readString(userSettings)).contains("Bash(touch always.txt)");
    assertThat(sandbox.workDir().resolve(".claude/settings.local.json")).doesNotExist();
    assertThat(sandbox.home().resolve(".config/git/ignore")).doesNotExist();
  }
}
