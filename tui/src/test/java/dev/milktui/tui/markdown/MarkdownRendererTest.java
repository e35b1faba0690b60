package dev.milktui.tui.markdown;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.tui.testkit.Golden;
import dev.milktui.tui.text.Span;
import dev.milktui.tui.text.StyledLine;
import dev.milktui.tui.text.TextStyle;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

class MarkdownRendererTest {

  static String plain(List<StyledLine> lines) {
    return lines.stream().map(StyledLine::plain).collect(Collectors.joining("\n", "", "\n"));
  }

  private static List<String> texts(String markdown, int width) {
    return MarkdownRenderer.render(markdown, width).stream().map(StyledLine::plain).toList();
  }

  /** Each sample at 80 and 120 columns, and a narrow width that forces wrapping everywhere. */
  @TestFactory
  Stream<DynamicTest> samplesMatchTheirGoldenFiles() {
    return MarkdownSamples.NAMES.stream()
        .flatMap(
            name ->
                Stream.of(30, 80, 120)
                    .map(
                        width ->
                            DynamicTest.dynamicTest(
                                name + " at " + width, () -> matchesGolden(name, width))));
  }

  private static void matchesGolden(String name, int width) {
    List<StyledLine> lines = MarkdownRenderer.render(MarkdownSamples.read(name), width);
    for (StyledLine line : lines) {
      assertThat(line.width()).as("width of %s", line.plain()).isLessThanOrEqualTo(width);
    }
    Golden.assertMatches("markdown/" + name + "-" + width + ".txt", plain(lines));
  }

  @Test
  void headingsLoseTheirHashesAndTakeTheHeadingStyle() {
    List<StyledLine> lines = MarkdownRenderer.render("# Title\n\ntext", 40);
    assertThat(lines.get(0)).isEqualTo(StyledLine.of("Title", TextStyle.HEADING));
    assertThat(lines.get(2).plain()).isEqualTo("text");
  }

  @Test
  void emphasisAndCodeAreStylesNotMarkers() {
    List<StyledLine> lines = MarkdownRenderer.render("a **b** *c* ***d*** `e`", 40);
    assertThat(lines)
        .containsExactly(
            StyledLine.of(
                Span.plain("a "),
                new Span("b", TextStyle.STRONG),
                Span.plain(" "),
                new Span("c", TextStyle.EMPHASIS),
                Span.plain(" "),
                new Span("d", TextStyle.STRONG_EMPHASIS),
                Span.plain(" "),
                new Span("e", TextStyle.INLINE_CODE)));
  }

  @Test
  void wrappedListItemsHangUnderTheirText() {
    assertThat(texts("- one two three four five six\n  - nested seven eight nine", 14))
        .containsExactly(
            "• one two", "  three four", "  five six", "  ◦ nested", "    seven", "    eight nine");
  }

  @Test
  void codeBlocksHaveNoFencesAndNoGutterOnlyTheirLanguageAbove() {
    assertThat(texts("```sh\nnpm test\n  indented\n```", 40))
        .containsExactly("[sh]", "npm test", "  indented");
  }

  @Test
  void longCodeLinesBreakOutsideIdentifiers() {
    assertThat(texts("```\ncall(alpha, betaGamma)\n```", 16))
        .containsExactly("call(alpha, ", "betaGamma)");
  }

  @Test
  void aUrlWiderThanTheLineGetsLinesOfItsOwnWithoutAHyphen() {
    String url = "https://example.com/" + "a".repeat(30);
    List<String> lines = texts("see [the page](" + url + ") now", 20);
    assertThat(lines)
        .containsExactly(
            "see the page",
            "(" + url.substring(0, 19),
            url.substring(19, 39),
            url.substring(39) + ") now");
  }

  @Test
  void aLinkShowsItsTextAndItsUrl() {
    assertThat(texts("[docs](https://x.dev/d) and <https://x.dev/e>", 80))
        .containsExactly("docs (https://x.dev/d) and https://x.dev/e");
  }

  @Test
  void rawHtmlIsShownAsText() {
    assertThat(texts("<div>\n<b>hi</b>\n</div>\n\na <i>b</i>", 40))
        .containsExactly("<div>", "<b>hi</b>", "</div>", "", "a <i>b</i>");
  }

  @Test
  void blockQuotesHaveABar() {
    assertThat(texts("> one two three", 9)).containsExactly("│ one two", "│ three");
  }

  @Test
  void tableCellsWrapWhenTheTableIsWiderThanTheWidth() {
    List<String> lines = texts("| a | b |\n|---|---|\n| one two three | x |", 14);
    assertThat(lines)
        .containsExactly(
            "┌───────┬───┐",
            "│ a     │ b │",
            "├───────┼───┤",
            "│ one   │ x │",
            "│ two   │   │",
            "│ three │   │",
            "└───────┴───┘");
  }

  @Test
  void noTabReachesTheScreenInProseCodeHtmlListsOrTables() {
    String markdown =
        "a\tb\n\n`x\ty`\n\n<div>\n\t<b>hi</b>\n</div>\n\n- item\n\n  ```\n  \tcode\n  ```\n\n"
            + "| k\tv | w |\n|---|---|\n| 1\t2 | 3 |\n";
    assertThat(texts(markdown, 40))
        .noneMatch(line -> line.contains("\t"))
        .contains("a b", "x y", "<b>hi</b>", "      code", "│ k v │ w │");
  }

  @Test
  void doubleTildesStrikeTextThroughWithoutShowingThemAndOneTildeStaysText() {
    List<StyledLine> lines =
        MarkdownRenderer.render("was ~~wrong~~ and takes ~5 min or ~10 min", 80);
    assertThat(lines.stream().map(StyledLine::plain))
        .containsExactly("was wrong and takes ~5 min or ~10 min");
    assertThat(lines.get(0).spans()).contains(new Span("wrong", TextStyle.STRUCK));
  }

  @Test
  void aTableWithTooManyColumnsForTheWidthIsShownAsOneRecordPerRow() {
    String table =
        "| a | b | c | d | e | f | g | h |\n|---|---|---|---|---|---|---|---|\n"
            + "| 1 | 2 | 3 | 4 | 5 | 6 | 7 | a long value that wraps |\n| 9 | | | | | | | x |\n";
    List<StyledLine> lines = MarkdownRenderer.render(table, 30);
    assertThat(lines).allMatch(line -> line.width() <= 30);
    assertThat(lines.stream().map(StyledLine::plain))
        .containsSubsequence(
            "a: 1", "b: 2", "h: a long value that wraps", "", "a: 9", "b:", "h: x");
    assertThat(texts(table, 80).get(0)).startsWith("┌───┬───┬");
  }

  @Test
  void anImageOrLinkWithoutTextShowsItsAddressAlone() {
    assertThat(texts("![chart](c.png) and ![](d.png) and [](https://x.dev/e)", 80))
        .containsExactly("chart (c.png) and d.png and https://x.dev/e");
  }

  @Test
  void taskListItemsShowBoxesInPlaceOfBulletsAtSeveralWidths() {
    for (int width : new int[] {20, 40, 80}) {
      List<StyledLine> lines =
          MarkdownRenderer.render("- [ ] write it\n- [x] test it\n- plain", width);
      assertThat(lines)
          .extracting(StyledLine::plain)
          .containsExactly("☐ write it", "☑ test it", "• plain");
      assertThat(lines.get(0).spans().get(0)).isEqualTo(new Span("☐ ", TextStyle.TASK_BOX));
    }
    // Rendered twice (another width), the boxes stay.
    List<StyledLine> again = MarkdownRenderer.render("- [x] done", 10);
    assertThat(again.get(0).plain()).isEqualTo("☑ done");
  }

  @Test
  void fencedCodeHasItsLanguageAboveAndSyntaxColoursAtSeveralWidths() {
    String md = "```java\nint n = 42; // the answer\nString s = \"if\";\n```";
    for (int width : new int[] {12, 30, 80}) {
      List<StyledLine> lines = MarkdownRenderer.render(md, width);
      assertThat(lines.get(0)).isEqualTo(StyledLine.of("[java]", TextStyle.CODE_LABEL));
      List<Span> spans = lines.stream().skip(1).flatMap(l -> l.spans().stream()).toList();
      assertThat(spans).contains(new Span("int", TextStyle.CODE_KEYWORD));
      assertThat(spans).contains(new Span("42", TextStyle.CODE_NUMBER));
      assertThat(spans).filteredOn(s -> s.style() == TextStyle.CODE_COMMENT).isNotEmpty();
      assertThat(spans)
          .filteredOn(s -> s.style() == TextStyle.CODE_STRING)
          .extracting(Span::text)
          .allMatch(t -> "\"if\"".contains(t));
      // The code itself is unchanged, line for line, whatever the width.
      String code = lines.stream().skip(1).map(StyledLine::plain).collect(Collectors.joining());
      assertThat(code).isEqualTo("int n = 42; // the answerString s = \"if\";");
    }
  }

  @Test
  void aBlockCommentAndATripleQuotedStringCarryAcrossLines() {
    List<StyledLine> c = MarkdownRenderer.render("```c\n/* one\ntwo */ int x;\n```", 80);
    assertThat(c.get(2).spans().get(0)).isEqualTo(new Span("two */", TextStyle.CODE_COMMENT));
    List<StyledLine> py =
        MarkdownRenderer.render("```python\ns = \"\"\"a\nb\"\"\"\nif x:\n```", 80);
    assertThat(py.get(2).spans().get(0)).isEqualTo(new Span("b\"\"\"", TextStyle.CODE_STRING));
    assertThat(py.get(3).spans().get(0)).isEqualTo(new Span("if", TextStyle.CODE_KEYWORD));
  }

  @Test
  void codeInAnUnknownLanguageIsPlainCodeWithItsLabel() {
    List<StyledLine> lines = MarkdownRenderer.render("```brainfun\nif 1\n```", 80);
    assertThat(lines.get(0).plain()).isEqualTo("[brainfun]");
    assertThat(lines.get(1)).isEqualTo(StyledLine.of("if 1", TextStyle.CODE));
  }
}
