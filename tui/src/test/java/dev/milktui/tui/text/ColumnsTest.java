package dev.milktui.tui.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ColumnsTest {
  private static final String TECHNOLOGIST = "\uD83D\uDC69\u200D\uD83D\uDCBB";

  @Test
  void fitNeverSplitsAGrapheme() {
    String text = "ab" + TECHNOLOGIST + "cd";
    assertThat(Columns.fit(text, 4)).isEqualTo("ab…");
    assertThat(Columns.fit(text, 5)).isEqualTo("ab" + TECHNOLOGIST + "…");
    assertThat(Columns.fit("e\u0301e\u0301e\u0301", 2)).isEqualTo("e\u0301…");
  }

  @Test
  void padCountsWideCharactersAsTwo() {
    assertThat(Columns.pad("日本", 6)).isEqualTo("日本  ");
    assertThat(Columns.width(Columns.pad("日本語です", 5))).isEqualTo(5);
  }

  @Test
  void tabsAlignToTheTabStop() {
    assertThat(Columns.width("a\tb")).isEqualTo(5);
  }

  @Test
  void lineBreakerNeverSplitsAGrapheme() {
    String text =
        "\u26A0\uFE0F\u26A0\uFE0F\u26A0\uFE0Fe\u0301e\u0301" + TECHNOLOGIST + TECHNOLOGIST;
    for (int width = 1; width <= 12; width++) {
      List<String> lines = new ArrayList<>();
      LineBreaker.breakLine(
          text, 0, text.length(), width, false, (s, e) -> lines.add(text.substring(s, e)));
      assertThat(String.join("", lines)).isEqualTo(text);
      for (String line : lines) {
        assertThat(Columns.width(line)).isLessThanOrEqualTo(Math.max(2, width));
        assertThat(line)
            .doesNotStartWith("\uFE0F")
            .doesNotStartWith("\u0301")
            .doesNotStartWith("\u200D");
        assertThat(Character.isLowSurrogate(line.charAt(0))).isFalse();
      }
    }
  }

  @Test
  void wrapBreaksAtSpacesAndNewlinesByColumns() {
    assertThat(LineBreaker.wrap("日本語 の テキスト\nnext line", 7))
        .containsExactly("日本語", "の", "テキス", "ト", "next", "line");
  }
}
