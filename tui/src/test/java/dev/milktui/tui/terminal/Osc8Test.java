package dev.milktui.tui.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class Osc8Test {
  @Test
  void anHttpsUrlOpensALinkAndTheCloseHasNoUrl() {
    assertThat(Osc8.open("https://example.com/a?b=c#d"))
        .contains("\u001b]8;;https://example.com/a?b=c#d\u001b\\");
    assertThat(Osc8.CLOSE).isEqualTo("\u001b]8;;\u001b\\");
  }

  @Test
  void httpFileAndMailtoAreLinksAndOtherSchemesAreNot() {
    assertThat(Osc8.open("http://x.org")).isPresent();
    assertThat(Osc8.open("file:///tmp/a.txt")).isPresent();
    assertThat(Osc8.open("mailto:someone@example.com")).isPresent();
    assertThat(Osc8.open("HTTPS://EXAMPLE.COM")).isPresent();
    assertThat(Osc8.open("javascript:alert(1)")).isEmpty();
    assertThat(Osc8.open("ftp://example.com")).isEmpty();
    assertThat(Osc8.open("docs/readme.md")).isEmpty();
    assertThat(Osc8.open("https://")).isEmpty();
    assertThat(Osc8.open("")).isEmpty();
    assertThat(Osc8.open(null)).isEmpty();
  }

  @Test
  void escBelAndC1StringTerminatorInAUrlArePercentEncodedSoTheyCannotEndTheEscape() {
    String opened =
        Osc8.open("https://evil.example/\u001b]8;;\u0007x\u009cy\u001b\\z").orElseThrow();
    assertThat(opened).isEqualTo("\u001b]8;;https://evil.example/%1B]8;;%07x%C2%9Cy%1B\\z\u001b\\");
    String url = opened.substring(5, opened.length() - 2);
    assertThat(url.chars()).allMatch(c -> c > 0x20 && c < 0x7f);
  }

  @Test
  void spacesDelAndUnicodeArePercentEncodedAsUtf8() {
    assertThat(Osc8.open("https://bücher.example/ä b\u007f"))
        .contains("\u001b]8;;https://b%C3%BCcher.example/%C3%A4%20b%7F\u001b\\");
  }

  @Test
  void aUrlLongerThanTheCapIsNotALink() {
    String path = "a".repeat(Osc8.MAX_LENGTH);
    assertThat(Osc8.open("https://x.org/" + path)).isEmpty();
    assertThat(Osc8.open("https://x.org/" + "a".repeat(Osc8.MAX_LENGTH - 14))).isPresent();
  }

  @Test
  void aUrlThatGrowsPastTheCapWhenEncodedIsNotALink() {
    assertThat(Osc8.open("https://x.org/" + "ä".repeat(400))).isEmpty();
  }
}
