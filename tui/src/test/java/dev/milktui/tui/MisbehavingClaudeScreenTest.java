package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.TextCharacter;
import com.googlecode.lanterna.gui2.MultiWindowTextGUI;
import com.googlecode.lanterna.gui2.SameTextGUIThread;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import dev.milktui.core.grants.GrantPersister;
import dev.milktui.core.session.ClaudeSession;
import dev.milktui.core.session.LaunchSpec;
import dev.milktui.core.session.SessionRecorder;
import dev.milktui.core.testkit.Recordings;
import dev.milktui.core.testkit.StandInClaude;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the user sees when claude misbehaves: the real session runs a stand-in claude script and the
 * real controller draws on a virtual terminal.
 */
class MisbehavingClaudeScreenTest {
  @TempDir Path dir;
  private final List<ClaudeSession> sessions = new ArrayList<>();
  private final List<Optional<String>> opened = new ArrayList<>();
  private DefaultVirtualTerminal vt;
  private MultiWindowTextGUI gui;
  private TuiController controller;

  @AfterEach
  void close() {
    sessions.forEach(ClaudeSession::close);
  }

  private static String transcript(String name) {
    return Recordings.ndjson(name).toString();
  }

  /**
   * First run misbehaves; later runs answer each message with a recorded turn. Scripts read with
   * {@code next_line}, which skips the context-usage request the session sends after each turn
   * (read as a message, it would start another recorded turn, and so on without end).
   */
  private void start(String misbehaviour) throws IOException {
    Path claude = dir.resolve("claude");
    Files.writeString(
        claude,
        "#!/usr/bin/env bash\n"
            + StandInClaude.NEXT_LINE
            + "if [ -e '"
            + dir
            + "/first-run-done' ]; then\n"
            + "  while next_line; do cat '"
            + transcript("b-stdin-stream-json")
            + "'; done; exit 0\n"
            + "fi\n"
            + "touch '"
            + dir
            + "/first-run-done'\n"
            + misbehaviour
            + "\n");
    Files.setPosixFilePermissions(claude, PosixFilePermissions.fromString("rwx------"));
    LaunchSpec spec =
        LaunchSpec.defaults(claude, dir).withEnvironment(Map.of("PATH", System.getenv("PATH")));
    vt = new DefaultVirtualTerminal(new TerminalSize(110, 34));
    TerminalScreen screen = new TerminalScreen(vt);
    screen.startScreen();
    gui = new MultiWindowTextGUI(new SameTextGUIThread.Factory(), screen);
    controller =
        new TuiController(
            gui,
            TuiConfig.defaults()
                .withDialogInputPause(Duration.ZERO)
                .withHistoryFile(dir.resolve("history"))
                .withWorkers(Runnable::run)
                // Frozen, so two Ctrl+C are always within the quit window.
                .withClock(Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC)),
            (listener, resume) -> {
              opened.add(resume);
              ClaudeSession s =
                  new ClaudeSession(
                      resume.map(spec::withResume).orElse(spec),
                      listener,
                      GrantPersister.REFUSE,
                      SessionRecorder.NONE);
              sessions.add(s);
              return s;
            });
    controller.start(Optional.empty());
    pump();
  }

  private void pump() throws IOException {
    gui.getGUIThread().processEventsAndUpdate();
  }

  private void type(String text) throws IOException {
    for (char c : text.toCharArray()) {
      vt.addInput(new KeyStroke(c, false, false));
    }
    pump();
  }

  private void key(KeyStroke key) throws IOException {
    vt.addInput(key);
    pump();
  }

  private String screen() {
    StringBuilder out = new StringBuilder();
    TerminalSize size = vt.getTerminalSize();
    for (int row = 0; row < size.getRows(); row++) {
      for (int col = 0; col < size.getColumns(); col++) {
        TextCharacter c = vt.getCharacter(col, row);
        out.append(c == null ? " " : c.getCharacterString());
      }
      out.append('\n');
    }
    return out.toString();
  }

  /** Lets the GUI thread run until the screen shows every text (bounded). */
  private String awaitScreen(String... texts) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (true) {
      pump();
      String screen = screen();
      boolean all = true;
      for (String text : texts) {
        all &= screen.contains(text);
      }
      if (all) {
        return screen;
      }
      if (System.nanoTime() > deadline) {
        fail("the screen never showed " + List.of(texts) + ":\n" + screen);
      }
      Thread.sleep(10);
    }
  }

  @Test
  void aClaudeThatDiesMidTurnShowsItsExitCodeAndLastErrorsAndResumeContinuesTheConversation()
      throws Exception {
    start(
        "next_line\n"
            + "head -n 1 '"
            + transcript("b-stdin-stream-json")
            + "'\n"
            + "echo 'fatal: upstream connection reset' >&2\n"
            + "exit 3");
    type("hello");
    key(new KeyStroke(KeyType.Enter));
    String screen =
        awaitScreen(
            "claude exited unexpectedly with code 3",
            "fatal: upstream connection reset",
            "Claude stopped",
            "Resume session");
    assertThat(screen).contains("> hello");

    type("r");
    awaitScreen("Resuming session");
    assertThat(opened).hasSize(2);
    assertThat(opened.get(1)).isPresent();
    assertThat(screen()).doesNotContain("Claude stopped");

    type("still there?");
    key(new KeyStroke(KeyType.Enter));
    awaitScreen("> still there?", "Hello from the fake");
  }

  @Test
  void garbageFromClaudeIsReportedAsSkippedLinesAndTheReplyStillShows() throws Exception {
    start(
        "while next_line; do\n"
            + "  echo 'Traceback (most recent call last): not json'\n"
            + "  printf '\\x1b[2J{\"type\":\\n'\n"
            + "  cat '"
            + transcript("b-stdin-stream-json")
            + "'\n"
            + "done");
    type("hello");
    key(new KeyStroke(KeyType.Enter));
    String screen =
        awaitScreen("Skipped a line claude printed that could not be read.", "Hello from the fake");
    assertThat(screen).doesNotContain("Traceback").doesNotContain("Claude stopped");
  }

  @Test
  void quittingDuringATurnReturnsAtOnceWhileAStubbornClaudeIsStillBeingStopped() throws Exception {
    // This claude ignores the end of its input and SIGTERM: only the kill after the grace ends it.
    start(
        "trap '' TERM\n"
            + "echo $$ > '"
            + dir
            + "/pid'\n"
            + "next_line\n"
            + "head -n 2 '"
            + transcript("b-stdin-stream-json")
            + "'\n"
            + "while true; do sleep 1; done");
    type("hello");
    key(new KeyStroke(KeyType.Enter));
    awaitScreen("> hello", "a turn is running");
    // The screen shows the turn as soon as it is sent; the script writes its pid a moment later.
    Path pidFile = dir.resolve("pid");
    long pidDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while ((!Files.exists(pidFile) || Files.readString(pidFile).isBlank())
        && System.nanoTime() < pidDeadline) {
      Thread.sleep(20);
    }
    long pid = Long.parseLong(Files.readString(pidFile).strip());

    KeyStroke ctrlC = new KeyStroke('c', true, false);
    key(ctrlC);
    key(ctrlC);

    assertThat(controller.quitRequested()).isDone();
    assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive))
        .as("the screen was free again before claude was stopped")
        .isPresent();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (ProcessHandle.of(pid).filter(ProcessHandle::isAlive).isPresent()
        && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive))
        .as("claude is ended in the background")
        .isEmpty();
  }
}
