package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolOutcome;
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
}
