package dev.milktui.tui.markdown;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class OpenParagraphTest {
  @Test
  void aLineLedByALetterGoesOnWithTheParagraphAsTheParserSays() {
    List<String> lines =
        List.of(
            "plain words",
            "   indented words",
            "a | b | c",
            "x ---",
            "word = value",
            "é accented",
            "漢字 text",
            "Ωmega",
            "b) not a list",
            "a. not a list either",
            "http://example.com/a_b*c",
            "word <b>html</b> inside",
            "word `code` and *em*");
    for (String line : lines) {
      assertThat(OpenParagraph.continues(line)).as(line).isTrue();
      assertThat(OpenParagraph.continuesByParsing(line)).as(line).isTrue();
    }
  }

  @Test
  void aLineLedByABlockMarkStillAsksTheParser() {
    for (String line :
        List.of("# heading", "> quote", "- item", "* item", "+ item", "1. item", "```", "<div>")) {
      assertThat(OpenParagraph.continues(line)).as(line).isFalse();
      assertThat(OpenParagraph.continuesByParsing(line)).as(line).isFalse();
    }
    assertThat(OpenParagraph.continues("2. item"))
        .isEqualTo(OpenParagraph.continuesByParsing("2. item"));
    assertThat(OpenParagraph.continues("")).isFalse();
    assertThat(OpenParagraph.continues("---")).isFalse();
  }
}
