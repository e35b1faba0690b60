package dev.milktui.core.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class FileDiffsTest {

  private static String numbered(int from, int to) {
    return IntStream.rangeClosed(from, to)
        .mapToObj(i -> "line " + i + "\n")
        .collect(Collectors.joining());
  }

  private static List<String> shown(FileDiff diff) {
    return diff.lines().stream()
        .map(
            l ->
                switch (l.kind()) {
                  case GAP -> "…";
                  case CONTEXT -> l.oldNumber() + "/" + l.newNumber() + "  " + l.text();
                  case REMOVED -> l.oldNumber() + " -" + l.text();
                  case ADDED -> l.newNumber() + " +" + l.text();
                })
        .toList();
  }

  @Test
  void aChangedLineShowsNumbersAndThreeLinesOfContextEachSide() {
    String before = numbered(1, 20);
    String after = before.replace("line 10\n", "line ten\n");

    FileDiff diff = FileDiffs.between("f.txt", before, after);

    assertThat(shown(diff))
        .containsExactly(
            "…",
            "7/7  line 7",
            "8/8  line 8",
            "9/9  line 9",
            "10 -line 10",
            "10 +line ten",
            "11/11  line 11",
            "12/12  line 12",
            "13/13  line 13",
            "…");
    assertThat(diff.summary()).isEqualTo("Added 1 line, removed 1 line");
  }

  @Test
  void newNumbersFollowLinesAddedAbove() {
    String before = numbered(1, 30);
    String after = "new top\n" + before.replace("line 20\n", "line twenty\n");

    FileDiff diff = FileDiffs.between("f.txt", before, after);

    assertThat(shown(diff))
        .contains("1 +new top", "20 -line 20", "21 +line twenty", "21/22  line 21");
    assertThat(diff.summary()).isEqualTo("Added 2 lines, removed 1 line");
  }

  @Test
  void changesCloseTogetherShareTheirContextWithoutAGap() {
    String before = numbered(1, 10);
    String after = before.replace("line 3\n", "x\n").replace("line 6\n", "y\n");

    assertThat(shown(FileDiffs.between("f", before, after))).filteredOn("…"::equals).hasSize(1);
  }

  @Test
  void summariesSayOnlyWhatHappened() {
    assertThat(FileDiffs.between("f", "a\n", "a\nb\nc\n").summary()).isEqualTo("Added 2 lines");
    assertThat(FileDiffs.between("f", "a\nb\n", "a\n").summary()).isEqualTo("Removed 1 line");
  }

  @Test
  void aHugeChangeKeepsItsCountsButOnlyTheFirstLines() {
    String after = numbered(1, FileDiffs.MAX_LINES + 500);

    FileDiff diff = FileDiffs.between("f", "", after);

    assertThat(diff.lines()).hasSize(FileDiffs.MAX_LINES);
    assertThat(diff.cut()).isTrue();
    assertThat(diff.added()).isEqualTo(FileDiffs.MAX_LINES + 500);
  }
}
