package dev.milktui.tui;

import static dev.milktui.tui.Events.input;
import static dev.milktui.tui.Events.tool;
import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.TextCharacter;
import com.googlecode.lanterna.TextColor;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.tui.app.Ui;
import dev.milktui.tui.text.Palette;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TuiControllerTest {
  @TempDir Path dir;

  private static SessionEvent.TurnStarted started() {
    return new SessionEvent.TurnStarted(
        "abcdef0123456789", "claude-test", "/projects/p", "default", "2.1.332", List.of());
  }

  @Test
  void streamedTextAppearsInTheTranscriptAndTheStatusBarSaysStreaming() {
    Harness h = new Harness(100, 30);
    h.events(
        started(),
        new SessionEvent.UserPrompt("hello there", false),
        new SessionEvent.TextDelta("m1", 0, "Hello "),
        new SessionEvent.TextDelta("m1", 0, "back!"));
    String screen = h.screen();
    assertThat(screen).contains("> hello there").contains("Hello back!");
    assertThat(screen).contains("abcdef01").contains("claude-test").contains("streaming");
  }

  @Test
  void aBurstOfDeltasIsDrawnInOneRedraw() {
    Harness h = new Harness(100, 30);
    int before = h.redraws;
    for (int i = 0; i < 5_000; i++) {
      h.listener().accept(new SessionEvent.TextDelta("m1", 0, "x"));
    }
    h.pump();
    assertThat(h.redraws - before).isEqualTo(1);
    assertThat(h.controller.transcript().line(0).plain()).hasSize(100);
  }

  @Test
  void scrollingBackKeepsTheViewWhileNewOutputCollectsBelow() {
    Harness h = new Harness(80, 24);
    for (int i = 0; i < 60; i++) {
      h.listener().accept(new SessionEvent.Notice(SessionEvent.Level.INFO, "row " + i));
    }
    h.pump();
    assertThat(h.screen()).contains("row 59");
    h.key(KeyType.PageUp);
    String scrolled = h.screen();
    assertThat(scrolled).doesNotContain("row 59").contains("more lines (End)");
    h.events(new SessionEvent.Notice(SessionEvent.Level.INFO, "row 60"));
    assertThat(h.screen()).doesNotContain("row 60");
    h.key(KeyType.Tab).key(KeyType.End);
    assertThat(h.screen()).contains("row 60").doesNotContain("more lines");
  }

  @Test
  void toolRowsShowStatusNameInputElapsedAndPreviewAndEnterOpensDetails() {
    Harness h = new Harness(100, 30);
    h.events(
        new SessionEvent.ToolStarted(
            tool("t1", "Bash", input("command", "npm test"), ToolOutcome.RUNNING, "")),
        new SessionEvent.ToolProgressed("t1", 31, "still running"));
    assertThat(h.screen())
        .contains("running")
        .contains("Bash")
        .contains("npm test")
        .contains("still running")
        .contains("running tool");
    h.events(
        new SessionEvent.ToolFinished(
            tool("t1", "Bash", input("command", "npm test"), ToolOutcome.OK, "42 passing\nmore")));
    assertThat(h.screen()).contains("✓ ok").contains("→ 42 passing").contains("1.5s");
    h.key(KeyType.Tab).key(KeyType.Tab).key(KeyType.Enter);
    assertThat(h.screen()).contains("Tool call t1").contains("Result:").contains("more");
    h.key(KeyType.Escape);
    assertThat(h.screen()).doesNotContain("Tool call t1");
  }

  @Test
  void everythingFromClaudeIsSanitisedBeforeItReachesTheScreen() {
    Harness h = new Harness(100, 30);
    h.events(
        new SessionEvent.TextDelta("m1", 0, "safe\u001b]0;pwned\u0007 \u001b[31mred\u009b2J"),
        new SessionEvent.ToolStarted(
            tool("t1", "Bash", input("command", "echo \u001b[2Jhi"), ToolOutcome.RUNNING, "")));
    assertThat(h.screen()).contains("safe red").doesNotContain("pwned").contains("echo hi");
    for (TextCharacter c : h.cells()) {
      assertThat(c.getCharacterString()).doesNotContain("\u001b").doesNotContain("\u009b");
    }
  }

  @Test
  void aTooSmallTerminalGetsAMessageAndTheLayoutComesBackWhenEnlarged() {
    Harness h = new Harness(100, 30);
    h.events(new SessionEvent.TextDelta("m1", 0, "visible text"));
    h.resize(50, 12);
    assertThat(h.screen())
        .contains("Terminal too small")
        .contains("60x16")
        .doesNotContain("visible text");
    h.resize(70, 20);
    assertThat(h.screen()).contains("visible text").doesNotContain("too small");
  }

  @Test
  void aResizeRewrapsTheTranscriptToTheNewWidth() {
    Harness h = new Harness(120, 30);
    String words = "word ".repeat(40).strip();
    h.events(new SessionEvent.TextDelta("m1", 0, words));
    int wide = h.controller.transcript().lineCount();
    h.resize(60, 30);
    assertThat(h.controller.transcript().width()).isEqualTo(60);
    assertThat(h.controller.transcript().lineCount()).isGreaterThan(wide);
  }

  @Test
  void enterSendsCtrlJAndAltEnterAddNewlinesAndUpRecallsHistory() {
    Harness h =
        new Harness(
            100,
            30,
            TuiConfig.defaults()
                .withDialogInputPause(Duration.ZERO)
                .withHistoryFile(dir.resolve("h"))
                .withWorkers(Runnable::run));
    h.type("first").key(KeyType.Enter);
    assertThat(h.session().sent).containsExactly("first");
    h.type("a").ctrl('j').type("b").key(new KeyStroke(KeyType.Enter, false, true)).type("c");
    h.key(KeyType.Enter);
    assertThat(h.session().sent).containsExactly("first", "a\nb\nc");
    h.key(KeyType.ArrowUp);
    assertThat(h.controller.input().getText()).isEqualTo("a\nb\nc");
    Harness restarted =
        new Harness(
            100,
            30,
            TuiConfig.defaults()
                .withDialogInputPause(Duration.ZERO)
                .withHistoryFile(dir.resolve("h"))
                .withWorkers(Runnable::run));
    // Up first moves through the recalled message's lines, then on to the older entry.
    restarted.key(KeyType.ArrowUp).key(KeyType.ArrowUp).key(KeyType.ArrowUp);
    assertThat(restarted.controller.input().getText()).isEqualTo("a\nb\nc");
    restarted.key(KeyType.ArrowUp);
    assertThat(restarted.controller.input().getText()).isEqualTo("first");
  }

  @Test
  void aMessageTypedWhileATurnRunsIsSentAndMarkedQueued() {
    Harness h = new Harness(100, 30);
    h.session().busy = true;
    h.type("next").key(KeyType.Enter);
    assertThat(h.session().sent).containsExactly("next");
    assertThat(h.screen()).contains("Queued");
  }

  @Test
  void escInterruptsARunningTurnAndDoesNothingWhenIdle() {
    Harness h = new Harness(100, 30);
    h.key(KeyType.Escape);
    assertThat(h.session().interrupts).isZero();
    h.session().busy = true;
    // Past the Esc Esc window: a first Esc again.
    h.clock.advance(Ui.DOUBLE_ESC_WINDOW.plusMillis(1));
    h.key(KeyType.Escape);
    assertThat(h.session().interrupts).isEqualTo(1);
  }

  @Test
  void ctrlCTwiceWithinTwoSecondsQuitsAndClosesTheSession() {
    Harness h = new Harness(100, 30);
    h.ctrl('c');
    assertThat(h.controller.quitRequested()).isNotDone();
    h.clock.advance(Duration.ofSeconds(3));
    h.ctrl('c');
    assertThat(h.controller.quitRequested()).isNotDone();
    h.clock.advance(Duration.ofSeconds(1));
    h.ctrl('c');
    assertThat(h.controller.quitRequested()).isDone();
    assertThat(h.session().closed).isTrue();
  }

  @Test
  void anUnexpectedExitShowsCodeAndStderrAndOffersToResumeTheSession() {
    Harness h = new Harness(100, 30);
    h.events(started(), new SessionEvent.ProcessExited(3, "boom: disk full", false));
    assertThat(h.screen())
        .contains("code 3")
        .contains("boom: disk full")
        .contains("Claude stopped");
    h.type("r");
    assertThat(h.opened).containsExactly(Optional.empty(), Optional.of("abcdef0123456789"));
    assertThat(h.sessions.get(0).closed).isTrue();
  }

  @Test
  void eventsFromAReplacedSessionAreIgnored() {
    Harness h = new Harness(100, 30);
    var old = h.listener();
    h.events(new SessionEvent.ProcessExited(1, "", false));
    h.type("n");
    old.accept(new SessionEvent.TextDelta("m9", 0, "ghost text"));
    h.pump();
    assertThat(h.screen()).doesNotContain("ghost text");
  }

  @Test
  void theTrustOfferRunsTheCallbackOnShiftT() {
    Harness h = new Harness(100, 30);
    h.untrusted(Path.of("/projects/p"));
    assertThat(h.screen()).contains("not trusted").contains("/projects/p");
    h.type("T");
    assertThat(h.trustedSoon()).isTrue();
    assertThat(h.screen()).doesNotContain("not trusted");
  }

  @Test
  void f1ShowsEveryKey() {
    Harness h = new Harness(100, 30);
    h.key(KeyType.F1);
    assertThat(h.screen())
        .contains("Ctrl+J")
        .contains("Ctrl+C")
        .contains("PgUp")
        .contains("F2")
        .contains("more line(s) · PgDn");
    h.key(KeyType.End);
    assertThat(h.screen())
        .contains("Shift+A allow always")
        .contains("Shift+T trusts")
        .contains("keys paused");
  }

  @Test
  void f2SwitchesThePermissionMode() {
    Harness h = new Harness(100, 30);
    h.key(KeyType.F2);
    assertThat(h.session().modes).containsExactly("acceptEdits");
    assertThat(h.screen()).contains("acceptEdits");
  }

  @Test
  void altTCollapsesThinking() {
    Harness h = new Harness(100, 30);
    h.events(new SessionEvent.ThinkingDelta("m1", 0, "deep\nthoughts\nhere"));
    assertThat(h.screen()).contains("thoughts");
    h.alt('t');
    assertThat(h.screen())
        .doesNotContain("thoughts")
        .contains("thinking (3 lines hidden, Alt+T shows)");
  }

  @Test
  void aTurnThatShowedNothingStillSaysSo() {
    Harness h = new Harness(100, 30);
    h.events(new SessionEvent.TurnFinished(Events.summary(List.of(), List.of())));
    assertThat(h.screen()).contains("(no response)").contains("idle").contains("$0.0500");
  }

  @Test
  void withoutColourEveryCellUsesTheTerminalsOwnColours() {
    Harness h =
        new Harness(
            100,
            30,
            TuiConfig.defaults()
                .withDialogInputPause(Duration.ZERO)
                .withColor(Palette.Scheme.NONE));
    h.events(
        new SessionEvent.Notice(SessionEvent.Level.ERROR, "bad"),
        new SessionEvent.ToolStarted(
            tool("t1", "Bash", input("command", "ls"), ToolOutcome.RUNNING, "")));
    h.key(KeyType.F1);
    for (TextCharacter c : h.cells()) {
      assertThat(c.getForegroundColor()).isEqualTo(TextColor.ANSI.DEFAULT);
      assertThat(c.getBackgroundColor()).isEqualTo(TextColor.ANSI.DEFAULT);
    }
  }

  @Test
  void anErrorWhileShowingAnEventBecomesANoticeAndTheUiGoesOn() {
    Harness h = new Harness(100, 30);
    h.events(new SessionEvent.ToolStarted(null), new SessionEvent.TextDelta("m", 0, "after"));
    assertThat(h.screen()).contains("Could not show an event").contains("after");
  }
}
