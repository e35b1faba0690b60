package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.TextCharacter;
import com.googlecode.lanterna.TextColor;
import com.googlecode.lanterna.graphics.ThemeDefinition;
import dev.milktui.core.diff.FileDiff;
import dev.milktui.core.diff.FileDiffs;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.protocol.ControlRequest;
import dev.milktui.core.protocol.Json;
import dev.milktui.tui.layout.ScrollText;
import dev.milktui.tui.testkit.Golden;
import dev.milktui.tui.text.Palette;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Golden screens of the conversation at two sizes, and the Markdown export of the same session:
 * both are renderings of the one conversation model. Rewrite with {@code -Dgolden.update=true}.
 */
class ConversationScreensTest {

  static final String MARKDOWN_ANSWER =
      String.join(
          "\n",
          "# Plan",
          "",
          "The fix has **two** parts and one `helper`:",
          "",
          "1. Parse the input",
          "   - trim spaces",
          "   - reject empty lines",
          "2. Add the numbers",
          "",
          "## Results",
          "",
          "| case | before | after |",
          "| --- | --- | --- |",
          "| 1 + 1 | 0 | 2 |",
          "| 2 + 3 | -1 | 5 |",
          "",
          "```java",
          "int add(int x, int y) {",
          "  return x + y;",
          "}",
          "```",
          "",
          "See https://example.com/a/very/long/path/that/should/stay/whole/when/wrapped for more.",
          "");

  private static Harness markdownAnswer(int columns, int rows) {
    Harness h = new Harness(columns, rows);
    h.events(
        new SessionEvent.UserPrompt("How do I fix the adder?", false),
        new SessionEvent.TextDelta("m1", 0, MARKDOWN_ANSWER.substring(0, 150)),
        new SessionEvent.TextDelta("m1", 0, MARKDOWN_ANSWER.substring(150)),
        new SessionEvent.TurnFinished(Events.summary(List.of(), List.of())));
    return h.pump();
  }

  private static ObjectNode edit() {
    return Events.input(
        "file_path", "src/Calc.java", "old_string", "return x - y;", "new_string", "return x + y;");
  }

  static FileDiff calcDiff() {
    return FileDiffs.between(
        "src/Calc.java",
        "class Calc {\n  int add(int x, int y) {\n    return x - y;\n  }\n}\n",
        "class Calc {\n  int add(int x, int y) {\n    return x + y;\n  }\n}\n");
  }

  private static Harness toolTurn(int columns, int rows) {
    Harness h = new Harness(columns, rows);
    h.events(
        new SessionEvent.UserPrompt("Fix the failing test", false),
        new SessionEvent.TextDelta("m1", 0, "I'll look at the code first."),
        new SessionEvent.ToolFinished(
            Events.tool(
                "t1",
                "Read",
                Events.input("file_path", "src/Calc.java"),
                ToolOutcome.OK,
                "1\tclass Calc {\n2\t  int add(int x, int y) {\n3\t    return x - y;\n4\t  }\n5\t}")),
        new SessionEvent.ToolFinished(
            Events.tool(
                "t2",
                "Grep",
                Events.input("pattern", "add\\(", "path", "src"),
                ToolOutcome.OK,
                "Found 2 files\nsrc/Calc.java\nsrc/CalcTest.java")),
        new SessionEvent.ToolFinished(
            Events.tool(
                "t3",
                "Bash",
                Events.input("command", "mvn -q test"),
                ToolOutcome.ERROR,
                "Exit code 1\n[ERROR] CalcTest.adds:12 expected: <2> but was: <0>\n[ERROR] more")),
        new SessionEvent.ToolStarted(Events.tool("t4", "Edit", edit(), ToolOutcome.RUNNING, "")),
        new SessionEvent.ToolDiffReady("t4", calcDiff()),
        new SessionEvent.ToolFinished(
            Events.tool("t4", "Edit", edit(), ToolOutcome.OK, "The file has been updated.")),
        new SessionEvent.ToolFinished(
            Events.tool(
                "t5",
                "Write",
                Events.input("file_path", "/etc/calc.conf", "content", "mode=fast\n"),
                ToolOutcome.DENIED,
                "Not outside the project, please.")),
        new SessionEvent.TextDelta("m2", 0, "Fixed the sign in `add`; the test passes now."),
        new SessionEvent.TurnFinished(Events.summary(List.of(), List.of())));
    return h.pump();
  }

  private static Harness editPermission(int columns, int rows) {
    Harness h = new Harness(columns, rows);
    ControlRequest.CanUseTool canUse =
        new ControlRequest.CanUseTool(
            "Edit",
            "Edit",
            edit(),
            "Claude wants to edit src/Calc.java",
            null,
            List.of(),
            null,
            null,
            null,
            "toolu_e1",
            Json.object());
    List<String> answers = new ArrayList<>();
    PermissionRequest request =
        new PermissionRequest(
            "r1",
            canUse,
            (r, line) -> {
              answers.add(line);
              return true;
            },
            new PermissionRequest.Context(
                Optional.empty(), Optional.empty(), Optional.of(calcDiff())));
    h.events(
        new SessionEvent.UserPrompt("Fix the adder", false),
        new SessionEvent.ToolStarted(Events.tool("e1", "Edit", edit(), ToolOutcome.RUNNING, "")),
        new SessionEvent.PermissionRequested(request));
    return h.pump();
  }

  /** Lines that fill the transcript exactly: emoji, CJK, combining marks, VS16 emoji. */
  private static Harness wideText(int columns, int rows, int transcriptWidth) {
    Harness h = new Harness(columns, rows);
    int pairs = transcriptWidth / 2;
    String text =
        String.join(
            "\n\n",
            "界".repeat(pairs),
            "👍".repeat(pairs),
            "e\u0301".repeat(transcriptWidth),
            "⚠\uFE0F".repeat(pairs),
            "👩\u200D💻".repeat(pairs));
    h.events(new SessionEvent.UserPrompt("wide", false), new SessionEvent.TextDelta("m1", 0, text));
    return h.pump();
  }

  /** The screen's text, a wide grapheme once (the terminal keeps it in both of its cells). */
  static String screen(Harness h) {
    StringBuilder out = new StringBuilder();
    List<TextCharacter> cells = h.cells();
    int columns = h.controller.size().getColumns();
    for (int row = 0; row * columns < cells.size(); row++) {
      StringBuilder line = new StringBuilder();
      for (int col = 0; col < columns; col++) {
        TextCharacter c = cells.get(row * columns + col);
        line.append(c == null ? " " : c.getCharacterString());
        if (c != null && c.isDoubleWidth()) {
          col++;
        }
      }
      out.append(line.toString().stripTrailing()).append('\n');
    }
    return out.toString();
  }

  private static void markdownGolden(int columns, int rows) {
    Harness h = markdownAnswer(columns, rows);
    Golden.assertMatches("screens/markdown-" + columns + "x" + rows + ".txt", screen(h));
    Golden.assertMatches("export/markdown.md", h.controller.exportMarkdown());
  }

  private static void toolTurnGolden(int columns, int rows) {
    Harness h = toolTurn(columns, rows);
    Golden.assertMatches("screens/tool-turn-" + columns + "x" + rows + ".txt", screen(h));
    Golden.assertMatches("export/tool-turn.md", h.controller.exportMarkdown());
  }

  private static void editPermissionGolden(int columns, int rows) {
    Harness h = editPermission(columns, rows);
    String screen = screen(h);
    assertThat(screen).contains("3 -     return x - y;").contains("3 +     return x + y;");
    Golden.assertMatches("screens/edit-permission-" + columns + "x" + rows + ".txt", screen);
  }

  private static void wideTextGolden(int columns, int rows, int width) {
    Harness h = wideText(columns, rows, width);
    Golden.assertMatches("screens/wide-text-" + columns + "x" + rows + ".txt", screen(h));
    Golden.assertMatches("export/wide-text-" + width + ".md", h.controller.exportMarkdown());
  }

  @Test
  void aMarkdownAnswerAt80x24() {
    markdownGolden(80, 24);
  }

  @Test
  void aMarkdownAnswerAt120x40() {
    markdownGolden(120, 40);
  }

  @Test
  void aTurnWithReadGrepBashEditAndADeniedWriteInlineAt80x24() {
    toolTurnGolden(80, 24);
  }

  @Test
  void aTurnWithReadGrepBashEditAndADeniedWriteInlineAt120x40() {
    toolTurnGolden(120, 40);
  }

  @Test
  void anEditPermissionDialogShowsTheNumberedDiffAt80x24() {
    editPermissionGolden(80, 24);
  }

  @Test
  void anEditPermissionDialogShowsTheNumberedDiffAt120x40() {
    editPermissionGolden(120, 40);
  }

  @Test
  void wideAndCombiningTextEndsExactlyAtTheRightEdgeAt80x24() {
    wideTextGolden(80, 24, 80);
  }

  @Test
  void wideAndCombiningTextEndsExactlyAtTheRightEdgeAt120x40() {
    // No tool call: the empty tool pane is collapsed and the transcript has the whole width.
    wideTextGolden(120, 40, 120);
  }

  @Test
  void thePermissionDialogsDiffHasTheTranscriptsDiffColoursAtSeveralSizes() {
    for (int[] size : new int[][] {{80, 24}, {120, 40}, {60, 16}}) {
      Harness h = editPermission(size[0], size[1]);
      ThemeDefinition dialog = h.gui.getTheme().getDefinition(ScrollText.class);
      TextCharacter added = cellAt(h, "+     return x + y;");
      TextCharacter removed = cellAt(h, "-     return x - y;");
      TextCharacter context = cellAt(h, "class Calc {");
      assertThat(added.getForegroundColor())
          .isEqualTo(dialog.getCustom(Palette.DIFF_ADDED_STYLE).getForeground());
      assertThat(removed.getForegroundColor())
          .isEqualTo(dialog.getCustom(Palette.DIFF_REMOVED_STYLE).getForeground());
      assertThat(context.getForegroundColor()).isEqualTo(dialog.getNormal().getForeground());
      assertThat(added.getForegroundColor()).isNotEqualTo(removed.getForegroundColor());
      assertThat(context.getBackgroundColor())
          .as("the dialog stands out from the screen")
          .isNotEqualTo(TextColor.ANSI.DEFAULT);
    }
  }

  /** The first cell of the first row that shows {@code text}. */
  private static TextCharacter cellAt(Harness h, String text) {
    TerminalSize size = h.vt.getTerminalSize();
    for (int row = 0; row < size.getRows(); row++) {
      StringBuilder line = new StringBuilder();
      for (int col = 0; col < size.getColumns(); col++) {
        line.append(h.vt.getCharacter(col, row).getCharacterString());
      }
      int col = line.indexOf(text);
      if (col >= 0) {
        return h.vt.getCharacter(col, row);
      }
    }
    throw new AssertionError("not on screen: " + text + "\n" + screen(h));
  }

  @Test
  void fiveReadsShowTheirFileNamesInTheToolPaneAndTranscriptAtSeveralSizes() {
    for (int[] size : new int[][] {{80, 24}, {120, 40}, {200, 60}}) {
      Harness h = new Harness(size[0], size[1]);
      List<String> names = List.of("Alpha", "Beta", "Gamma", "Delta", "Epsilon");
      for (int i = 0; i < names.size(); i++) {
        String path =
            "/home/someone/a/rather/deep/checkout/of/the/project/src/main/java/dev/example/"
                + names.get(i)
                + ".java";
        h.events(
            new SessionEvent.ToolFinished(
                Events.tool(
                    "r" + i, "Read", Events.input("file_path", path), ToolOutcome.OK, "x")));
      }
      String screen = screen(h);
      for (String name : names) {
        assertThat(screen).as(size[0] + " " + name).contains(name + ".java");
      }
      for (String line : screen.split("\n")) {
        if (line.contains("Read /") || line.contains("Read …")) {
          assertThat(line.strip()).as(line).containsPattern("[A-Za-z]+\\.java( .*)?$");
        }
      }
    }
  }

  @Test
  void theToolPaneTakesNoRoomUntilTheFirstCall() {
    for (int[] size : new int[][] {{80, 24}, {120, 40}}) {
      Harness h = new Harness(size[0], size[1]);
      h.events(new SessionEvent.TextDelta("m1", 0, "Just text."));
      assertThat(h.screen()).doesNotContain("Tools (");
      h.events(
          new SessionEvent.ToolStarted(
              Events.tool("t1", "Bash", Events.input("command", "ls"), ToolOutcome.RUNNING, "")));
      assertThat(h.screen()).contains("Tools (1)");
    }
  }
}
