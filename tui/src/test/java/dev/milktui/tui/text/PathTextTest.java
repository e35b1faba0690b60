package dev.milktui.tui.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PathTextTest {
  private static final String PATH = "/home/someone/projects/billing/src/main/Invoice.java";

  @Test
  void aPathThatFitsIsKept() {
    assertThat(PathText.fit(PATH, 80)).isEqualTo(PATH);
  }

  @Test
  void wholeFoldersGoFirstFromTheLeftSoTheFileNameStays() {
    assertThat(PathText.fit(PATH, 31)).isEqualTo("…/billing/src/main/Invoice.java");
    assertThat(PathText.fit(PATH, 20)).isEqualTo("…/main/Invoice.java");
    for (int width = 14; width < PATH.length(); width++) {
      String fitted = PathText.fit(PATH, width);
      assertThat(Columns.width(fitted)).isLessThanOrEqualTo(width);
      assertThat(fitted).endsWith("/Invoice.java");
    }
  }

  @Test
  void aNameTooWideAloneKeepsItsEnd() {
    assertThat(PathText.fit(PATH, 8)).isEqualTo("…ce.java");
    assertThat(PathText.fit("界界界界界.txt", 7)).isEqualTo("…界.txt");
  }
}
