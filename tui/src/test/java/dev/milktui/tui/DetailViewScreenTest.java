package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.gui2.Panel;
import com.googlecode.lanterna.gui2.Window;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.tui.layout.ScrollText;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Ctrl+O's detail view on a virtual terminal: every call in full, scrolled, closed. */
class DetailViewScreenTest {
  private static final String OUTPUT =
      IntStream.rangeClosed(1, 60)
          .mapToObj(i -> "output line " + i)
          .collect(Collectors.joining("\n"));

  private static Harness withACall(int columns, int rows) {
    Harness h = new Harness(columns, rows);
    h.events(
        new SessionEvent.UserPrompt("list it", false),
        new SessionEvent.ThinkingDelta("m1", 0, "I should list the folder"),
        new SessionEvent.ToolStarted(
            Events.tool(
                "t1",
                "Bash",
                Events.input("command", "ls -la", "description", "List files"),
                ToolOutcome.RUNNING,
                "")),
        new SessionEvent.ToolFinished(
            Events.tool(
                "t1",
                "Bash",
                Events.input("command", "ls -la", "description", "List files"),
                ToolOutcome.OK,
                OUTPUT)));
    return h;
  }

  @Test
  void ctrlOShowsThePromptThinkingAndTheCallsWholeInputAndResultAt80x24() {
    ctrlOShowsThePromptThinkingAndTheCallsWholeInputAndResult(80, 24);
  }

  @Test
  void ctrlOShowsThePromptThinkingAndTheCallsWholeInputAndResultAt120x40() {
    ctrlOShowsThePromptThinkingAndTheCallsWholeInputAndResult(120, 40);
  }

  private void ctrlOShowsThePromptThinkingAndTheCallsWholeInputAndResult(int columns, int rows) {
    Harness h = withACall(columns, rows);
    h.alt('t');
    assertThat(h.screen()).doesNotContain("I should list the folder");

    h.ctrl('o');

    String screen = h.screen();
    assertThat(screen)
        .contains("Detail view")
        .contains("❯ list it")
        .contains("✻ thinking: I should list the folder")
        .contains("● Bash · ok")
        .contains("$ ls -la", "# List files")
        .contains("output line 1");
    assertThat(screen).doesNotContain("output line 60");
  }

  @Test
  void theDetailViewScrollsToTheEndAndEscOrCtrlOCloseItAt80x24() {
    theDetailViewScrollsToTheEndAndEscOrCtrlOCloseIt(80, 24);
  }

  @Test
  void theDetailViewScrollsToTheEndAndEscOrCtrlOCloseItAt120x40() {
    theDetailViewScrollsToTheEndAndEscOrCtrlOCloseIt(120, 40);
  }

  private void theDetailViewScrollsToTheEndAndEscOrCtrlOCloseIt(int columns, int rows) {
    Harness h = withACall(columns, rows);
    h.ctrl('o').key(KeyType.End);
    assertThat(h.screen()).contains("output line 60");

    h.key(KeyType.Escape);
    assertThat(h.screen()).doesNotContain("Detail view");

    h.ctrl('o');
    assertThat(h.screen()).contains("Detail view");
    h.ctrl('o');
    assertThat(h.screen()).doesNotContain("Detail view");
    assertThat(h.session().interrupts).isZero();
  }

  private static SessionEvent[] aSecondCall() {
    return new SessionEvent[] {
      new SessionEvent.ToolStarted(
          Events.tool(
              "t2", "Bash", Events.input("command", "git status"), ToolOutcome.RUNNING, "")),
      new SessionEvent.ToolFinished(
          Events.tool(
              "t2",
              "Bash",
              Events.input("command", "git status"),
              ToolOutcome.OK,
              "nothing to commit, working tree clean"))
    };
  }

  @Test
  void aCallAndStreamedTextArrivingWhileTheViewIsOpenShowInIt() {
    Harness h = new Harness(80, 24);
    h.events(new SessionEvent.UserPrompt("status?", false));
    h.ctrl('o');
    assertThat(h.screen()).contains("❯ status?").doesNotContain("git status");

    h.events(aSecondCall());
    h.events(new SessionEvent.TextDelta("m1", 0, "The tree is clean."));

    assertThat(h.screen())
        .contains("Detail view")
        .contains("● Bash · ok", "$ git status", "nothing to commit, working tree clean")
        .contains("● The tree is clean.");
  }

  @Test
  void aViewAtTheEndStaysAtTheEndAsTheConversationGrows() {
    Harness h = withACall(80, 24);
    h.ctrl('o').key(KeyType.End);
    assertThat(h.screen()).contains("output line 60");

    h.events(aSecondCall());

    assertThat(h.screen()).contains("nothing to commit, working tree clean");
  }

  @Test
  void aViewScrolledAwayFromTheEndKeepsItsPlaceAsTheConversationGrows() {
    Harness h = withACall(80, 24);
    h.ctrl('o').key(KeyType.PageDown);
    String before = h.screen();
    assertThat(before).doesNotContain("output line 60");

    h.events(aSecondCall());

    // The same lines, only the count of those below grew.
    assertThat(withoutCounts(h.screen())).isEqualTo(withoutCounts(before));
    assertThat(h.screen()).doesNotContain("nothing to commit");
  }

  private static String withoutCounts(String screen) {
    return screen.replaceAll("[↑↓] \\d+ more", "more");
  }

  @Test
  void aClosedViewNoLongerFollowsTheConversation() {
    Harness h = withACall(80, 24);
    h.ctrl('o');
    ScrollText text =
        (ScrollText)
            ((Panel) h.gui.getActiveWindow().getComponent()).getChildren().iterator().next();
    h.key(KeyType.Escape);
    assertThat(h.screen()).doesNotContain("Detail view");

    h.events(aSecondCall());

    assertThat(h.screen()).contains("git status");
    assertThat(text.text()).contains("output line 60").doesNotContain("git status");
  }

  @Test
  void aViewClosedWithoutItsKeysStopsFollowingTheConversation() {
    Harness h = withACall(80, 24);
    h.ctrl('o');
    Window view = h.gui.getActiveWindow();
    ScrollText text = (ScrollText) ((Panel) view.getComponent()).getChildren().iterator().next();
    h.gui.removeWindow(view);

    h.events(aSecondCall());

    assertThat(h.screen()).contains("git status");
    assertThat(text.text()).contains("output line 60").doesNotContain("git status");
  }
}
