package dev.milktui.tui.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SearchModelTest {
  /** Blocks of lines the test can grow. */
  private static final class Text implements SearchModel.Source {
    final List<List<String>> blocks = new ArrayList<>();

    Text block(String... lines) {
      blocks.add(List.of(lines));
      return this;
    }

    @Override
    public int blocks() {
      return blocks.size();
    }

    @Override
    public List<String> lines(int block) {
      return blocks.get(block);
    }
  }

  private final Text text =
      new Text()
          .block("> find the bug", "")
          .block("The bug is in add.", "A second bug: none.")
          .block("● Bash ls", "  bug.txt");

  @Test
  void typingFindsIncrementallyFromTheAnchorUpwards() {
    SearchModel search = new SearchModel(1, 1);

    search.type("b", text);
    assertThat(search.count()).isEqualTo("3 of 5");
    search.type("ug", text);
    assertThat(search.count()).isEqualTo("3 of 4");
    assertThat(search.current()).contains(new SearchModel.Hit(1, 1, 9, 12));
    search.type(".t", text);
    // Nothing at or above the anchor: the first below it.
    assertThat(search.current()).contains(new SearchModel.Hit(2, 1, 2, 7));
    assertThat(search.count()).isEqualTo("1 of 1");
  }

  @Test
  void nextAndPreviousGoRoundTheMatches() {
    SearchModel search = new SearchModel(0, 0);
    search.type("BUG", text);
    assertThat(search.count()).isEqualTo("1 of 4");

    assertThat(search.previous()).contains(new SearchModel.Hit(2, 1, 2, 5));
    assertThat(search.count()).isEqualTo("4 of 4");
    assertThat(search.next()).contains(new SearchModel.Hit(0, 0, 11, 14));
    assertThat(search.next()).contains(new SearchModel.Hit(1, 0, 4, 7));
  }

  @Test
  void deletingTheLastCharacterTakesAWholeEmojiAndSearchesAgain() {
    SearchModel search = new SearchModel(0, 0);
    search.type("bug😀", text);
    assertThat(search.count()).isEqualTo("no match");

    search.deleteBack(text);

    assertThat(search.query()).isEqualTo("bug");
    assertThat(search.hits()).hasSize(4);
    search.deleteBack(text);
    search.deleteBack(text);
    search.deleteBack(text);
    assertThat(search.count()).isEmpty();
    search.deleteBack(text);
    assertThat(search.query()).isEmpty();
  }

  @Test
  void moreTextKeepsTheCurrentMatchAndCountsTheNewOnes() {
    SearchModel search = new SearchModel(0, 0);
    search.type("bug", text);
    search.next();
    assertThat(search.count()).isEqualTo("2 of 4");

    text.block("Another bug.");
    search.refresh(text);

    assertThat(search.count()).isEqualTo("2 of 5");
  }
}
