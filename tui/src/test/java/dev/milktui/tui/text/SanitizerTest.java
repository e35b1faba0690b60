package dev.milktui.tui.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SanitizerTest {

  @Test
  void removesColourAndCursorSequences() {
    assertThat(Sanitizer.clean("\u001b[31mred\u001b[0m \u001b[2J\u001b[Hok")).isEqualTo("red ok");
  }

  @Test
  void removesOscTitleAndClipboardWritesWithBelOrStTerminators() {
    assertThat(Sanitizer.clean("a\u001b]0;pwned\u0007b\u001b]52;c;ZXZpbA==\u001b\\c"))
        .isEqualTo("abc");
    assertThat(Sanitizer.clean("x\u009d8;;http://evil\u009cy")).isEqualTo("xy");
  }

  @Test
  void removesEightBitCsiAndOtherC1Controls() {
    assertThat(Sanitizer.clean("a\u009b31mb\u0085c\u009fapc\u009cd")).isEqualTo("abcd");
  }

  @Test
  void removesDcsAndUnterminatedStringSequencesToTheEnd() {
    assertThat(Sanitizer.clean("a\u001bPq#0;2;0;0;0\u001b\\b")).isEqualTo("ab");
    assertThat(Sanitizer.clean("safe\u001b]0;never terminated")).isEqualTo("safe");
  }

  @Test
  void keepsNewlinesAndTabsButDropsOtherC0ControlsAndDel() {
    assertThat(Sanitizer.clean("a\tb\nc\u0000d\u0007e\u0008f\u007fg")).isEqualTo("a\tb\ncdefg");
  }

  @Test
  void turnsCrLfIntoLfAndDropsLoneCarriageReturns() {
    assertThat(Sanitizer.clean("one\r\ntwo\r50%\r100%")).isEqualTo("one\ntwo50%100%");
  }

  @Test
  void removesBidiOverridesAndRepairsBrokenSurrogates() {
    assertThat(Sanitizer.clean("a\u202eb\u2066c")).isEqualTo("abc");
    assertThat(Sanitizer.clean("x\ud800y\udc00z")).isEqualTo("x\uFFFDy\uFFFDz");
    assertThat(Sanitizer.clean("emoji \ud83d\ude00")).isEqualTo("emoji \ud83d\ude00");
  }

  @Test
  void anEscapeStartingInsideAnOscEndsItAndIsItselfRemoved() {
    assertThat(Sanitizer.clean("a\u001b]0;t\u001b[31mb")).isEqualTo("ab");
  }

  @Test
  void aTrailingLoneEscapeIsDropped() {
    assertThat(Sanitizer.clean("text\u001b")).isEqualTo("text");
  }

  @Test
  void oneLineFoldsWhitespaceAfterCleaning() {
    assertThat(Sanitizer.oneLine("  ls\n\t-la \u001b[1m x  ")).isEqualTo("ls -la x");
  }

  @Test
  void plainTextIsReturnedAsIs() {
    String plain = "nothing to see here";
    assertThat(Sanitizer.clean(plain)).isSameAs(plain);
  }
}
