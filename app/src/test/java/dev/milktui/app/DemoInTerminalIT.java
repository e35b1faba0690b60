package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.testkit.RealClaude;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The offline demo as the README starts it, driven in a real terminal from turn 1 to the resume.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class DemoInTerminalIT {
  @TempDir Path home;

  static Path jar() {
    Path jar = Path.of(System.getProperty("milk.projectRoot"), "app", "target", "milk-tui.jar");
    assertThat(jar).as("the shaded jar (built in the package phase)").exists();
    return jar;
  }

  /**
   * The whole environment of a process a test starts: its own HOME, XDG folders and Claude config
   * folder under {@code home}, nothing of the developer's but PATH.
   */
  static Map<String, String> environment(Path home) {
    Map<String, String> env = new HashMap<>(RealClaude.xdgFolders(home));
    env.put("HOME", home.toString());
    env.put("CLAUDE_CONFIG_DIR", home.resolve(".claude").toString());
    env.put("PATH", System.getenv("PATH"));
    env.put("TERM", "xterm-256color");
    env.put("LANG", "C.UTF-8");
    return Map.copyOf(env);
  }

  /** Replaces {@code builder}'s environment with {@link #environment(Path)}. */
  static ProcessBuilder isolated(ProcessBuilder builder, Path home) {
    builder.environment().clear();
    builder.environment().putAll(environment(home));
    return builder;
  }

  @Test
  void theDemoRunsFromAToolCallThroughAPermissionToAStreamClosedGrantAndTheResumedTurn()
      throws Exception {
    // The README's run command: the launcher script, which finds the freshly built jar.
    Path launcher = Path.of(System.getProperty("milk.projectRoot"), "scripts", "milk-tui");
    Path export = home.resolve("demo.md");
    List<String> command =
        List.of(
            launcher.toString(), "--demo", "--demo-speed", "0.05", "--export", export.toString());
    try (Tmux tmux = Tmux.start(command, environment(home), home)) {
      tmux.await("Offline demo");
      // Focus reports, as a terminal sends them with mode 1004 on, are never typed text.
      tmux.send("-H", "1b", "5b", "4f");
      tmux.send("-H", "1b", "5b", "49");
      tmux.type("Run echo hi");
      tmux.send("Enter");
      tmux.await("The command printed hi. Done.");

      tmux.type("Create a file");
      tmux.send("Enter");
      tmux.awaitDialog("Allow once (y)");
      tmux.send("y");
      tmux.await("Finished after the tool call.");

      tmux.type("Write outside");
      tmux.send("Enter");
      String dialog = tmux.awaitDialog("permission channel closed");
      assertThat(dialog).contains("[ ] Write");
      tmux.send("Space");
      tmux.await("[x] Write");
      tmux.send("Enter");
      String resumed = tmux.await("The retry worked.");
      assertThat(resumed).contains("Resuming session");
      assertThat(resumed).contains("✓ ok");

      tmux.send("C-c");
      tmux.send("C-c");
      // On the normal screen: the last reply, what the run did, and how to come back.
      String after = tmux.await("MILK-EXIT=0");
      assertThat(after)
          .containsPattern("The retry worked\\.[^\n]*\n\n?milk-tui: \\d+ turns · \\d+ tool calls")
          .containsPattern("Resume with: milk-tui --resume [0-9a-f-]{36}\n+MILK-EXIT=0");
    }
    // --export writes the same conversation the screen showed: prompts, tool calls, replies.
    assertThat(Files.readString(export))
        .contains("## You\n\nRun echo hi\n")
        .contains("- **Bash** `echo hi`")
        .contains("The command printed hi. Done.")
        .contains("The retry worked.")
        .doesNotContain("\u001b");
    Path log = home.resolve(".local/state/milk-tui/milk-tui.log");
    assertThat(log).exists();
    assertThat(Files.readString(log)).doesNotContain("ERROR");
  }
}
