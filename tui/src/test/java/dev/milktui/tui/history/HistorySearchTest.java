package dev.milktui.tui.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class HistorySearchTest {
  private final HistorySearch search =
      new HistorySearch(List.of("fix the build", "run the tests", "Fix the docs", "deploy"));

  @Test
  void anEmptyQueryFindsTheNewestMessage() {
    assertThat(search.match()).contains("deploy");
  }

  @Test
  void typingFindsTheNewestMessageHoldingTheQueryInAnyCase() {
    search.type("fix");
    assertThat(search.match()).contains("Fix the docs");
  }

  @Test
  void olderGoesToTheNextOlderMatchAndStaysOnTheOldest() {
    search.type("fix");
    search.older();
    assertThat(search.match()).contains("fix the build");
    search.older();
    assertThat(search.match()).contains("fix the build");
  }

  @Test
  void aChangedQuerySearchesFromTheNewestAgain() {
    search.type("t");
    search.older();
    search.type("e");
    assertThat(search.query()).isEqualTo("te");
    assertThat(search.match()).contains("run the tests");
    search.erase();
    assertThat(search.match()).contains("Fix the docs");
  }

  @Test
  void aQueryNoMessageHoldsFindsNothing() {
    search.type("zzz");
    assertThat(search.match()).isEmpty();
    search.older();
    assertThat(search.match()).isEmpty();
  }
}
