package dev.milktui.tui.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.tui.text.Columns;
import dev.milktui.tui.text.Span;
import dev.milktui.tui.text.StyledLine;
import dev.milktui.tui.text.TextStyle;
import java.util.List;
import org.junit.jupiter.api.Test;

class MatchesTest {
  private static List<Matches.Range> find(String text, String query) {
    return Matches.in(text, query);
  }

  @Test
  void matchingIgnoresCaseAndDoesNotOverlap() {
    assertThat(find("Error, ERROR and error", "error"))
        .containsExactly(
            new Matches.Range(0, 5), new Matches.Range(7, 12), new Matches.Range(17, 22));
    assertThat(find("aaaa", "aa"))
        .containsExactly(new Matches.Range(0, 2), new Matches.Range(2, 4));
    assertThat(find("ПРИВЕТ мир", "привет")).containsExactly(new Matches.Range(0, 6));
    assertThat(find("abc", "")).isEmpty();
  }

  @Test
  void aMatchAfterWideCharactersAndEmojiStartsAtTheColumnTheWidthCodeGivesIt() {
    String line = "表格 👍🏽 and 你好 table";
    Matches.Range range = find(line, "TABLE").get(0);

    assertThat(Columns.width(line.substring(0, range.start()))).isEqualTo(17);
    assertThat(line.substring(range.start(), range.end())).isEqualTo("table");
    assertThat(find(line, "你好")).containsExactly(new Matches.Range(12, 14));
    assertThat(find(line, "👍🏽")).containsExactly(new Matches.Range(3, 7));
  }

  @Test
  void aQueryNeverMatchesPartOfACharacter() {
    // e + combining acute is one character: "e" alone does not match it.
    assertThat(find("cafe\u0301 cafe", "cafe")).containsExactly(new Matches.Range(6, 10));
    // The thumb without its skin tone is not the thumb with it.
    assertThat(find("👍🏽", "👍")).isEmpty();
  }

  @Test
  void highlightsCutSpansAtTheMatchesAndKeepEveryCharacter() {
    StyledLine line =
        StyledLine.of(new Span("● ", TextStyle.OK), new Span("Read 你好.txt", TextStyle.PLAIN));

    StyledLine marked = Highlights.apply(line, find(line.plain(), "d 你"), 0);

    assertThat(marked.plain()).isEqualTo(line.plain());
    assertThat(marked.width()).isEqualTo(line.width());
    assertThat(marked.spans())
        .containsExactly(
            new Span("● ", TextStyle.OK),
            new Span("Rea", TextStyle.PLAIN),
            new Span("d 你", TextStyle.MATCH_CURRENT),
            new Span("好.txt", TextStyle.PLAIN));
  }
}
