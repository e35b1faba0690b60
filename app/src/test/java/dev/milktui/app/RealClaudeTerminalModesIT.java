package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.testkit.FakeAnthropicApi;
import dev.milktui.core.testkit.RealClaude;
import dev.milktui.core.testkit.Reply;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The built binary with the real claude CLI (against the fake Anthropic API) in tmux: a bracketed
 * paste reaches claude as one message, and killing the pane ends claude as well as the JVM.
 */
@Timeout(value = 150, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class RealClaudeTerminalModesIT extends RealClaudeInTmuxFixture {
  private Tmux milkTui(FakeAnthropicApi api) {
    List<String> command =
        List.of(
            "java",
            "-jar",
            DemoInTerminalIT.jar().toString(),
            "--claude",
            RealClaude.binary().toString(),
            "--no-baseline");
    Map<String, String> env = new HashMap<>(sandbox.environment(api.baseUrl()));
    env.put("TERM", "xterm-256color");
    env.put("LANG", "C.UTF-8");
    return Tmux.start(command, env, sandbox.workDir());
  }

  @Test
  void aBracketedMultiLinePasteReachesClaudeAsOneMessage() {
    try (FakeAnthropicApi api = FakeAnthropicApi.start(Reply.text("Got all three."));
        Tmux tmux = milkTui(api)) {
      tmux.await("F1 help");
      tmux.paste("first pasted line\nsecond pasted line\nthird pasted line");
      tmux.await("third pasted line");
      tmux.send("Enter");
      tmux.await("Got all three.");
      assertThat(api.lastMessageRequest().body().toString())
          .contains("first pasted line\\nsecond pasted line\\nthird pasted line");
      tmux.send("C-c");
      tmux.send("C-c");
      tmux.await("MILK-EXIT=0");
    }
  }

  @Test
  void killingThePaneEndsClaudeAndTheJvm() throws Exception {
    try (FakeAnthropicApi api = FakeAnthropicApi.start(Reply.text("Hello back."));
        Tmux tmux = milkTui(api)) {
      tmux.await("F1 help");
      tmux.type("hello");
      tmux.send("Enter");
      tmux.await("Hello back.");
      List<ProcessHandle> running = tmux.paneProcess().descendants().toList();
      assertThat(running)
          .anySatisfy(p -> assertThat(p.info().command().orElse("")).endsWith("java"))
          .anySatisfy(
              p -> assertThat(p.info().commandLine().orElse("")).containsAnyOf("claude", "node"));
      tmux.killPane();
      for (ProcessHandle process : running) {
        process.onExit().get(20, TimeUnit.SECONDS);
      }
      assertThat(running).noneMatch(ProcessHandle::isAlive);
    }
  }
}
