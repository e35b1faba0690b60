package dev.milktui.tui.completion;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QueryTest {

  @Test
  void aSlashWordIsACommandOnlyAtTheStartOfTheMessage() {
    assertThat(Query.at("/com", 4)).contains(new Query('/', 0, 4, "com"));
    assertThat(Query.at("fix /com", 8)).isEmpty();
  }

  @Test
  void anAtWordIsAFileAnywhereAndTheWordRunsToItsEnd() {
    assertThat(Query.at("see @src/Ma and", 11)).contains(new Query('@', 4, 11, "src/Ma"));
    assertThat(Query.at("see @src/Main.java", 7)).contains(new Query('@', 4, 18, "sr"));
    assertThat(Query.at("mail me@example.com", 19)).isEmpty();
  }

  @Test
  void aCaretAfterASpaceOrBeforeAWordIsNoWord() {
    assertThat(Query.at("/compact ", 9)).isEmpty();
    assertThat(Query.at("/compact", 0)).isEmpty();
    assertThat(Query.at("see @src", 4)).isEmpty();
  }

  @Test
  void aQuotedAtWordMayHoldSpacesAndRunsToItsClosingQuote() {
    assertThat(Query.at("see @\"my fo", 11)).contains(new Query('@', 4, 11, "my fo"));
    assertThat(Query.at("see @\"my folder/a b.txt\" now", 13))
        .contains(new Query('@', 4, 24, "my fold"));
    assertThat(Query.at("see @\"done\" and", 15)).isEmpty();
    assertThat(Query.at("mail me@\"x y", 12)).isEmpty();
  }
}
