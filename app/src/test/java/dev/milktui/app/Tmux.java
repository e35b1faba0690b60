package dev.milktui.app;

import static org.assertj.core.api.Assertions.fail;

import dev.milktui.core.testkit.ClaudeSandbox;
import dev.milktui.core.testkit.RealClaude;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Drives a program in a real terminal, as a person would: tmux on a private server, {@code
 * send-keys} to type and {@code capture-pane} to read the screen.
 */
final class Tmux implements AutoCloseable {
  private static final Duration WAIT = Duration.ofSeconds(45);
  private final String socket =
      "milk-test-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
  private final String target = "main";

  /** Starts {@code command} in a 120x40 terminal with exactly the given environment. */
  static Tmux start(List<String> command, Map<String, String> env, Path directory) {
    return withSession(
        directory,
        "env -i "
            + assignments(env)
            + " "
            + command.stream().map(Tmux::quote).collect(Collectors.joining(" "))
            + "; echo MILK-EXIT=$?; sleep 600");
  }

  /**
   * Starts an interactive bash (no rc files, prompt {@code PROMPT$ }) with exactly the given
   * environment, for tests of job control; type the command to run.
   */
  static Tmux startShell(Map<String, String> env, Path directory) {
    return withSession(
        directory,
        "exec env -i "
            + assignments(env)
            + " PS1='PROMPT$ ' HISTFILE=/dev/null bash --norc --noprofile -i");
  }

  /**
   * The built binary with the real claude ({@code --claude}) against the fake API at {@code
   * apiBaseUrl}, in the sandbox's working directory with its environment, in a UTF-8 xterm.
   */
  static Tmux milkTuiWithRealClaude(ClaudeSandbox sandbox, String apiBaseUrl, String... options) {
    return milkTuiWithClaude(RealClaude.binary(), sandbox, apiBaseUrl, options);
  }

  /** {@link #milkTuiWithRealClaude} with the {@code claude} binary given. */
  static Tmux milkTuiWithClaude(
      Path claude, ClaudeSandbox sandbox, String apiBaseUrl, String... options) {
    List<String> command =
        new ArrayList<>(List.of("java", "-jar", DemoInTerminalIT.jar().toString()));
    command.addAll(List.of("--claude", claude.toString()));
    command.addAll(List.of(options));
    Map<String, String> env = new HashMap<>(sandbox.environment(apiBaseUrl));
    env.put("TERM", "xterm-256color");
    env.put("LANG", "C.UTF-8");
    return start(command, env, sandbox.workDir());
  }

  /** Ctrl+C twice, and milk-tui exits with 0. */
  /** Quits with a draft in the message box: the first Ctrl+C clears it, as in Claude Code. */
  void quitWithDraft() {
    send("C-c");
    quitCleanly();
  }

  void quitCleanly() {
    send("C-c");
    send("C-c");
    await("MILK-EXIT=0");
  }

  /** A new 120x40 session that runs {@code shellLine} in {@code directory}. */
  private static Tmux withSession(Path directory, String shellLine) {
    Tmux tmux = new Tmux();
    String line = "cd " + quote(directory.toString()) + " && " + shellLine;
    tmux.run("new-session", "-d", "-s", tmux.target, "-x", "120", "-y", "40", line);
    return tmux;
  }

  private static String assignments(Map<String, String> env) {
    return env.entrySet().stream()
        .map(e -> quote(e.getKey() + "=" + e.getValue()))
        .collect(Collectors.joining(" "));
  }

  /**
   * Pastes {@code text} as a terminal does: bracketed (ESC[200~ … ESC[201~) when the program asked
   * for it; {@code send-keys} cannot bracket.
   */
  void paste(String text) {
    run("set-buffer", "-b", "milk-paste", text);
    run("paste-buffer", "-p", "-d", "-b", "milk-paste", "-t", target);
  }

  /** A tmux format about the pane, e.g. {@code #{mouse_sgr_flag}} (the modes the program set). */
  String query(String format) {
    return run("display-message", "-p", "-t", target, format).strip();
  }

  /** The process the pane runs (the shell, or the command's shell). */
  ProcessHandle paneProcess() {
    long pid = Long.parseLong(query("#{pane_pid}"));
    return ProcessHandle.of(pid).orElseThrow();
  }

  /** Resizes the terminal, as dragging its window's corner does. */
  void resize(int columns, int rows) {
    run(
        "resize-window",
        "-t",
        target,
        "-x",
        Integer.toString(columns),
        "-y",
        Integer.toString(rows));
  }

  /** Kills the pane, as closing a terminal window does (its programs get SIGHUP). */
  void killPane() {
    run("kill-pane", "-t", target);
  }

  void send(String... keys) {
    List<String> args = new ArrayList<>(List.of("send-keys", "-t", target));
    args.addAll(List.of(keys));
    run(args.toArray(String[]::new));
  }

  /** Types text literally (no key names). */
  void type(String text) {
    run("send-keys", "-t", target, "-l", text);
  }

  String screen() {
    return run("capture-pane", "-p", "-t", target);
  }

  /** Waits until the screen shows {@code text}; fails with the screen when it does not. */
  String await(String text) {
    return awaitScreen(s -> s.contains(text), "the screen never showed '" + text + "'");
  }

  /** Waits until the screen shows any of {@code texts}; the caller looks at which. */
  String awaitAny(String... texts) {
    return awaitScreen(
        s -> Arrays.stream(texts).anyMatch(s::contains),
        "the screen never showed any of " + Arrays.toString(texts));
  }

  /** Waits until the screen no longer shows {@code text}; fails with the screen when it does. */
  String awaitGone(String text) {
    return awaitScreen(s -> !s.contains(text), "the screen kept showing '" + text + "'");
  }

  /**
   * Waits until a dialog showing {@code text} takes keys: a new dialog ignores them for a moment
   * and says "keys paused" meanwhile.
   */
  String awaitDialog(String text) {
    return awaitScreen(
        s -> s.contains(text) && !s.contains("keys paused"),
        "the screen never showed '" + text + "' ready for keys");
  }

  /** Polls the screen until {@code ready} holds; fails with {@code failure} and the last screen. */
  private String awaitScreen(Predicate<String> ready, String failure) {
    long deadline = System.nanoTime() + WAIT.toNanos();
    String screen = "";
    while (System.nanoTime() < deadline) {
      screen = screen();
      if (ready.test(screen)) {
        return screen;
      }
      pause();
    }
    return fail(failure + ":\n" + screen);
  }

  @Override
  public void close() {
    try {
      run("kill-server");
    } catch (AssertionError e) {
      // Already gone.
    }
  }

  private String run(String... args) {
    List<String> command = new ArrayList<>(List.of("tmux", "-L", socket));
    command.addAll(List.of(args));
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
        fail("tmux " + String.join(" ", args) + " failed: " + out);
      }
      return out;
    } catch (IOException e) {
      return fail("tmux is needed for this test and could not run: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return fail("interrupted");
    }
  }

  private static void pause() {
    try {
      Thread.sleep(100);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static String quote(String value) {
    return "'" + value.replace("'", "'\\''") + "'";
  }
}
