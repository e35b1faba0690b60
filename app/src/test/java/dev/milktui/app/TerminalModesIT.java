package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.InstanceOfAssertFactories.STRING;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keys and terminal modes through the launcher in a real terminal (tmux with its default stty
 * settings): flow control, bracketed paste, Ctrl+Z and fg, and the terminal going away.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class TerminalModesIT {
  @TempDir Path home;

  private static final Path LAUNCHER =
      Path.of(System.getProperty("milk.projectRoot"), "scripts", "milk-tui");

  private Tmux demo() {
    return Tmux.start(
        List.of(LAUNCHER.toString(), "--demo", "--demo-speed", "0.05"),
        DemoInTerminalIT.environment(home),
        home);
  }

  @Test
  void ctrlSSavesTheTranscriptInsteadOfFreezingTheTerminal() throws Exception {
    try (Tmux tmux = demo()) {
      tmux.await("Offline demo");
      tmux.send("C-s");
      tmux.await("Transcript saved to");
      // Had Ctrl+S been XOFF, nothing typed now would show.
      tmux.type("still typing");
      tmux.await("still typing");
      try (Stream<Path> exports = Files.list(home.resolve(".local/state/milk-tui/exports"))) {
        assertThat(exports.toList()).hasSize(1);
      }
      tmux.quitWithDraft();
    }
  }

  @Test
  void emojiCjkAndAccentsOfASentMessageReachTheTerminalAsThemselves() {
    try (Tmux tmux = demo()) {
      tmux.await("Offline demo");
      tmux.type("smile 😀 dev 👩‍💻 漢字 \uD842\uDFB7 café");
      // In the message box (drawn by grapheme, not by Lanterna's text box) ...
      assertThat(tmux.await("\uD842\uDFB7 café")).contains("smile 😀 dev 👩 漢字 \uD842\uDFB7 café");
      tmux.send("Enter");
      // ... and in the transcript once sent.
      // Lanterna's terminal wrote each half of a surrogate pair as its own '?'.
      String sent = tmux.await("> smile");
      // A ZWJ sequence Lanterna cannot hold in one cell is drawn as its first emoji, same width.
      // Only the sent line is checked: the status bar may still say "model ?" before claude does.
      assertThat(sent.lines().filter(line -> line.contains("> smile")))
          .singleElement(STRING)
          .contains("> smile 😀 dev 👩 漢字 \uD842\uDFB7 café")
          .doesNotContain("?");
      tmux.quitCleanly();
    }
  }

  @Test
  void underTheCLocaleTextAndBoxLinesAreStillUtf8() {
    Map<String, String> c = new HashMap<>(DemoInTerminalIT.environment(home));
    c.put("LANG", "C");
    c.put("LC_ALL", "C");
    try (Tmux tmux =
        Tmux.start(List.of(LAUNCHER.toString(), "--demo", "--demo-speed", "0.05"), c, home)) {
      tmux.await("Offline demo");
      tmux.type("café 漢字 ok");
      tmux.send("Enter");
      // The launcher runs the JVM in UTF-8 whatever the locale: no '?', no VT100 line letters.
      assertThat(tmux.await("> café")).contains("> café 漢字 ok");
      tmux.send("F1");
      // Esc only once the help takes keys, and Ctrl+C only once Esc has closed it: a key in the
      // dialog's opening pause is ignored, and an Esc read together with the next Ctrl+C (a
      // slow screen reads both at once) is one Ctrl+Alt+C, which left one Ctrl+C of the two.
      assertThat(tmux.awaitDialog("Keys")).contains("┌──Keys").doesNotContain("lqqKeys");
      tmux.send("Escape");
      tmux.awaitGone("┌──Keys");
      tmux.quitCleanly();
    }
  }

  @Test
  void aBracketedMultiLinePasteIsOneMessageSentWhole() {
    try (Tmux tmux = demo()) {
      tmux.await("Offline demo");
      tmux.paste("Run echo hi\nsecond pasted line\nthird pasted line");
      String pasted = tmux.await("third pasted line");
      // Nothing was sent: no turn ran, and the lines wait in the box.
      assertThat(pasted).doesNotContain("The command printed hi");
      tmux.send("Enter");
      String done = tmux.await("The command printed hi. Done.");
      assertThat(done).contains("> Run echo hi").contains("second pasted line");
      assertThat(done.split("The command printed hi. Done.", -1)).hasSize(2);
      tmux.send("C-c");
      tmux.send("C-c");
      tmux.await("MILK-EXIT=0");
    }
  }

  @Test
  void ctrlZGivesTheShellPromptAndFgRepaintsTheUi() {
    try (Tmux tmux = Tmux.startShell(DemoInTerminalIT.environment(home), home)) {
      tmux.await("PROMPT$");
      tmux.type(LAUNCHER + " --demo --demo-speed 0.05");
      tmux.send("Enter");
      tmux.await("Offline demo");
      tmux.send("C-z");
      String stopped = tmux.await("Stopped");
      assertThat(stopped).doesNotContain("Offline demo");
      // The user's settings are back: a typed command echoes and runs.
      tmux.type("echo shell-$((40+2))");
      tmux.send("Enter");
      tmux.await("shell-42");
      tmux.type("fg");
      tmux.send("Enter");
      String back = tmux.await("F1 help");
      assertThat(back).contains("Offline demo").contains("Message").doesNotContain("shell-42");
      tmux.type("after fg");
      tmux.await("after fg");
      // The first Ctrl+C clears the draft; two more quit.
      tmux.send("C-c");
      tmux.send("C-c");
      tmux.send("C-c");
      tmux.awaitGone("F1 help");
      tmux.type("echo exit-$((0+$?))");
      tmux.send("Enter");
      tmux.await("exit-0");
    }
  }

  @Test
  void wheelReportsAreOnWhileRunningAndOffAfterAndAClickTypesNothing() {
    try (Tmux tmux = demo()) {
      tmux.await("Offline demo");
      assertThat(tmux.query("#{mouse_any_flag} #{mouse_sgr_flag}")).isEqualTo("1 1");
      // An SGR click and wheel notch at column 10, row 5, as the terminal would report them.
      tmux.send("-H", "1b", "5b", "3c", "30", "3b", "31", "30", "3b", "35", "4d");
      tmux.send("-H", "1b", "5b", "3c", "36", "34", "3b", "31", "30", "3b", "35", "4d");
      tmux.type("typed");
      String screen = tmux.await("typed");
      assertThat(screen).doesNotContain("[<").doesNotContain(";10;5");
      tmux.quitWithDraft();
      assertThat(tmux.query("#{mouse_any_flag} #{mouse_sgr_flag}")).isEqualTo("0 0");
    }
  }

  @Test
  void theEnvironmentVariableLeavesTheMouseToTheTerminal() {
    Map<String, String> env = new HashMap<>(DemoInTerminalIT.environment(home));
    env.put("MILK_TUI_NO_MOUSE", "1");
    try (Tmux tmux = Tmux.start(List.of(LAUNCHER.toString(), "--demo"), env, home)) {
      tmux.await("Offline demo");
      assertThat(tmux.query("#{mouse_any_flag}")).isEqualTo("0");
      assertThat(tmux.query("#{pane_in_mode} #{alternate_on}")).isEqualTo("0 1");
      // Quit before the temporary home goes: a JVM ended by the closing tmux still writes its log.
      tmux.quitCleanly();
    }
  }

  @Test
  void theNoMouseFlagLeavesTheMouseToTheTerminal() {
    try (Tmux tmux =
        Tmux.start(
            List.of(LAUNCHER.toString(), "--demo", "--no-mouse"),
            DemoInTerminalIT.environment(home),
            home)) {
      String screen = tmux.await("Offline demo");
      assertThat(tmux.query("#{mouse_any_flag} #{mouse_sgr_flag}")).isEqualTo("0 0");
      assertThat(tmux.query("#{pane_in_mode} #{alternate_on}")).isEqualTo("0 1");
      // The status bar says who has the mouse, and F8 takes it.
      assertThat(screen).contains("mouse: select");
      tmux.send("F8");
      tmux.await("milk-tui has it again");
      assertThat(tmux.query("#{mouse_any_flag} #{mouse_sgr_flag}")).isEqualTo("1 1");
      // Quit before the temporary home goes: a JVM ended by the closing tmux still writes its log.
      tmux.quitCleanly();
      assertThat(tmux.query("#{mouse_any_flag} #{mouse_sgr_flag}")).isEqualTo("0 0");
    }
  }

  @Test
  void afterF8GaveTheMouseToTheTerminalFgLeavesItThere() {
    try (Tmux tmux = Tmux.startShell(DemoInTerminalIT.environment(home), home)) {
      tmux.await("PROMPT$");
      tmux.type(LAUNCHER + " --demo --demo-speed 0.05");
      tmux.send("Enter");
      tmux.await("Offline demo");
      tmux.send("F8");
      tmux.await("mouse: select");
      assertThat(tmux.query("#{mouse_any_flag}")).isEqualTo("0");
      tmux.send("C-z");
      tmux.await("Stopped");
      tmux.type("fg");
      tmux.send("Enter");
      tmux.await("F1 help");
      assertThat(tmux.query("#{mouse_any_flag} #{mouse_sgr_flag}")).isEqualTo("0 0");
      tmux.send("F8");
      tmux.await("milk-tui has it again");
      assertThat(tmux.query("#{mouse_any_flag} #{mouse_sgr_flag}")).isEqualTo("1 1");
      tmux.send("C-c");
      tmux.send("C-c");
      tmux.awaitGone("F1 help");
      assertThat(tmux.query("#{mouse_any_flag} #{mouse_sgr_flag}")).isEqualTo("0 0");
    }
  }

  @Test
  void killingThePaneEndsTheJvm() throws Exception {
    try (Tmux tmux = demo()) {
      tmux.await("Offline demo");
      List<ProcessHandle> running = tmux.paneProcess().descendants().toList();
      assertThat(running)
          .anySatisfy(p -> assertThat(p.info().command().orElse("")).endsWith("java"));
      tmux.killPane();
      for (ProcessHandle process : running) {
        process.onExit().get(20, TimeUnit.SECONDS);
      }
      assertThat(running).noneMatch(ProcessHandle::isAlive);
    }
  }

  @Test
  void aPasteHoldingItsOwnEndMarkerIsStillOneEditAndSendsNothing() {
    try (Tmux tmux = demo()) {
      tmux.await("Offline demo");
      // Pasted text that carries ESC[201~ (copied from a web page, say): the terminal passes it
      // on, and before the fix the lines after it were typed as keys, each Enter a send.
      tmux.paste("Run echo hi\n\u001b[201~\nRun echo hi\nlast pasted line");
      String pasted = tmux.await("last pasted line");
      assertThat(pasted).doesNotContain("> Run echo hi").doesNotContain("Queued");
      tmux.quitWithDraft();
    }
  }

  @Test
  void aDumbOrUnknownTerminalTypeIsOneClearLineAndNoFullScreen() {
    Map<String, String> dumb = new HashMap<>(DemoInTerminalIT.environment(home));
    dumb.put("TERM", "dumb");
    Map<String, String> unset = new HashMap<>(DemoInTerminalIT.environment(home));
    unset.remove("TERM");
    for (Map<String, String> env : List.of(dumb, unset)) {
      try (Tmux tmux = Tmux.start(List.of(LAUNCHER.toString(), "--demo"), env, home)) {
        String screen = tmux.await("MILK-EXIT=1");
        assertThat(screen)
            .contains(env.containsKey("TERM") ? "milk-tui: TERM=dumb" : "milk-tui: TERM is not set")
            .doesNotContain("Offline demo")
            .doesNotContain("Exception");
        assertThat(tmux.query("#{alternate_on} #{mouse_any_flag}")).isEqualTo("0 0");
      }
    }
  }

  @Test
  void aResizeWhileStoppedIsDrawnAtTheNewSizeAfterFg() {
    try (Tmux tmux = Tmux.startShell(DemoInTerminalIT.environment(home), home)) {
      tmux.await("PROMPT$");
      tmux.type(LAUNCHER + " --demo --demo-speed 0.05");
      tmux.send("Enter");
      tmux.await("Offline demo");
      tmux.send("C-z");
      tmux.await("Stopped");
      // The shell is the foreground job now: the resize's SIGWINCH goes to it, not to milk-tui.
      tmux.resize(70, 20);
      tmux.type("fg");
      tmux.send("Enter");
      // Drawn for 120x40, the status bar would sit below the 20 rows and never show.
      String back = tmux.await("F1 help");
      List<String> rows = back.lines().toList();
      assertThat(rows.get(rows.size() - 1)).contains("F1 help");
      assertThat(back).contains("Offline demo");
      tmux.send("C-c");
      tmux.send("C-c");
      tmux.awaitGone("F1 help");
      tmux.type("echo exit-$((0+$?))");
      tmux.send("Enter");
      tmux.await("exit-0");
    }
  }

  @Test
  void sigtermGivesTheTerminalBackAndRemovesTheDemoFolder() throws Exception {
    signalEndsTheRunCleanly("TERM");
  }

  @Test
  void sighupGivesTheTerminalBackAndRemovesTheDemoFolder() throws Exception {
    signalEndsTheRunCleanly("HUP");
  }

  @Test
  void sigintGivesTheTerminalBackAndRemovesTheDemoFolder() throws Exception {
    signalEndsTheRunCleanly("INT");
  }

  /**
   * The JVM ends on {@code signal} without milk-tui's own quit: the shutdown hooks turn the mouse
   * and paste modes off, leave the full screen and remove the demo's scratch folder.
   */
  private void signalEndsTheRunCleanly(String signal) throws Exception {
    Path tmp = Files.createDirectories(home.resolve("tmp"));
    Map<String, String> env = new HashMap<>(DemoInTerminalIT.environment(home));
    env.put("MILK_TUI_JAVA_OPTS", "-Djava.io.tmpdir=" + tmp);
    try (Tmux tmux =
        Tmux.start(List.of(LAUNCHER.toString(), "--demo", "--demo-speed", "0.05"), env, home)) {
      tmux.await("Offline demo");
      try (Stream<Path> scratch = Files.list(tmp)) {
        assertThat(scratch.map(p -> p.getFileName().toString()))
            .anyMatch(name -> name.startsWith("milk-tui-demo-"));
      }
      ProcessHandle java =
          tmux.paneProcess()
              .descendants()
              .filter(p -> p.info().command().orElse("").endsWith("java"))
              .findFirst()
              .orElseThrow();
      Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(java.pid())).start();
      assertThat(kill.waitFor()).isZero();
      java.onExit().get(30, TimeUnit.SECONDS);
      String after = tmux.await("MILK-EXIT=");
      assertThat(after).doesNotContain("Offline demo").doesNotContain("F1 help");
      assertThat(tmux.query("#{mouse_any_flag} #{mouse_sgr_flag} #{alternate_on}"))
          .isEqualTo("0 0 0");
      try (Stream<Path> scratch = Files.list(tmp)) {
        assertThat(scratch.map(p -> p.getFileName().toString()))
            .noneMatch(name -> name.startsWith("milk-tui-demo-"));
      }
    }
  }
}
