package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.TextCharacter;
import com.googlecode.lanterna.TextColor;
import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.tui.testkit.Golden;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The transcript search on the virtual terminal: the search line, the highlight, folded output. */
class SearchScreenTest {
  private static final TextColor CURRENT = TextColor.ANSI.CYAN_BRIGHT;
  private static final TextColor OTHER = TextColor.ANSI.YELLOW;

  private static Harness conversation(int columns, int rows) {
    Harness h = new Harness(columns, rows);
    StringBuilder longReply = new StringBuilder("The test failed; here is what I found:\n\n");
    for (int i = 1; i <= 30; i++) {
      longReply.append("- finding ").append(i).append(": 表格 and 👍🏽 line\n");
    }
    h.events(
        new SessionEvent.UserPrompt("Run the tests", false),
        new SessionEvent.ToolFinished(
            Events.tool(
                "t1",
                "Bash",
                Events.input("command", "mvn -q test"),
                ToolOutcome.ERROR,
                "Exit code 1\n[ERROR] CalcTest.adds:12 Expected: <2> but was: <0>")),
        new SessionEvent.TextDelta("m1", 0, longReply.toString()),
        new SessionEvent.TextDelta("m2", 0, "So 2 was expected, and 0 came back."),
        new SessionEvent.TurnFinished(Events.summary(List.of(), List.of())));
    return h.pump();
  }

  private static void snap(String name, Harness h) {
    var size = h.vt.getTerminalSize();
    Golden.assertMatches(
        "screens/" + name + "-" + size.getColumns() + "x" + size.getRows() + ".txt", h.screen());
  }

  /**
   * The backgrounds of the first and last cell where {@code text} shows on the screen (its last
   * place when {@code last}). The screen's text has one string per cell.
   */
  private static List<TextColor> backgroundOf(Harness h, String text, boolean last) {
    String[] rows = h.screen().split("\n");
    for (int i = 0; i < rows.length; i++) {
      int row = last ? rows.length - 1 - i : i;
      int at = rows[row].indexOf(text);
      if (at >= 0) {
        int column = rows[row].codePointCount(0, at);
        int cells = text.codePointCount(0, text.length());
        TextCharacter first = h.vt.getCharacter(column, row);
        TextCharacter end = h.vt.getCharacter(column + cells - 1, row);
        return List.of(first.getBackgroundColor(), end.getBackgroundColor());
      }
    }
    throw new AssertionError(text + " is not on the screen:\n" + h.screen());
  }

  private static List<TextColor> backgroundOf(Harness h, String text) {
    return backgroundOf(h, text, false);
  }

  @Test
  void ctrlFFindsAMatchInFoldedToolOutputUnfoldsItAndCountsEveryMatch() {
    for (int[] size : new int[][] {{80, 24}, {120, 40}}) {
      Harness h = conversation(size[0], size[1]);
      assertThat(h.screen()).doesNotContain("CalcTest");

      h.ctrl('f').type("expected");

      // The last match above the view's bottom is current: the reply's.
      assertThat(h.screen()).contains(" Find: expected", "3 of 3", "was expected");
      assertThat(backgroundOf(h, "expected", true)).containsOnly(CURRENT);
      h.key(KeyType.ArrowUp);
      // The one before is in the Bash call's output, hidden while it was folded.
      assertThat(h.screen()).contains("2 of 3", "[ERROR] CalcTest.adds:12 Expected: <2>");
      assertThat(backgroundOf(h, "Expected", true)).containsOnly(CURRENT);
      assertThat(backgroundOf(h, "Expected", false)).containsOnly(OTHER);
      snap("search", h);
    }
  }

  @Test
  void escClosesTheSearchLineAndLeavesTheViewWhereTheSearchBroughtIt() {
    Harness h = conversation(80, 24);
    h.ctrl('f').type("expected").key(KeyType.ArrowUp);
    String[] found = h.screen().split("\n");

    h.key(KeyType.Escape);

    String[] after = h.screen().split("\n");
    assertThat(after[0]).contains(" Transcript ").doesNotContain("Find:");
    assertThat(List.of(after).subList(1, 15)).isEqualTo(List.of(found).subList(1, 15));
    assertThat(backgroundOf(h, "Expected")).doesNotContain(CURRENT, OTHER);
    // The message box has the keys again: typing goes there.
    h.type("hello");
    assertThat(h.controller.input().getText()).isEqualTo("hello");
  }

  @Test
  void slashInTheTranscriptOpensTheSearchAndWideCharactersAreHighlightedInTheirOwnCells() {
    Harness h = conversation(80, 24);
    h.key(KeyType.Tab).type("/表格");

    assertThat(h.screen()).contains(" Find: 表表格格", "30 of 30");
    assertThat(backgroundOf(h, "finding 30: 表表格格"))
        .containsExactly(TextColor.ANSI.DEFAULT, CURRENT);
    assertThat(backgroundOf(h, "finding 29: 表表格格")).containsExactly(TextColor.ANSI.DEFAULT, OTHER);
    h.key(KeyType.Backspace).key(KeyType.Backspace).type("nothing here");
    assertThat(h.screen()).contains("no match");
  }

  @Test
  void anEmptyQueryCountsNothingAndTheSearchLineNamesItsKeys() {
    Harness h = conversation(80, 24);
    h.ctrl('f');

    assertThat(h.screen().split("\n")[0]).contains(" Find: ", "Esc");
    assertThat(h.controller.transcriptView().searching()).isTrue();
  }
}
