package dev.milktui.tui.copy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class Osc52Test {
  private static String decoded(String sequence) {
    String payload = sequence.substring("\u001b]52;c;".length(), sequence.indexOf('\u0007'));
    return new String(Base64.getDecoder().decode(payload), StandardCharsets.UTF_8);
  }

  @Test
  void theTextGoesAsBase64OfItsUtf8BetweenTheOscFrameAndBel() {
    String text = "grüße 你好 👍🏽\nline two";
    String sequence = Osc52.sequence(text, false).orElseThrow();

    assertThat(sequence).startsWith("\u001b]52;c;").endsWith("\u0007");
    assertThat(decoded(sequence)).isEqualTo(text);
  }

  @Test
  void noControlCharacterOfTheTextReachesTheTerminalRaw() {
    String sequence = Osc52.sequence("a\u001b]0;evil\u0007b\u009b31m", false).orElseThrow();

    String inside = sequence.substring(1, sequence.length() - 1);
    assertThat(inside.chars()).allMatch(c -> c >= 0x20 && c < 0x7f);
  }

  @Test
  void textWhosePayloadIsOverTheCapIsNotSentAtAllRatherThanCut() {
    int fits = Osc52.MAX_PAYLOAD / 4 * 3;
    assertThat(Osc52.sequence("x".repeat(fits), false)).isPresent();
    assertThat(Osc52.sequence("x".repeat(fits + 1), false)).isEmpty();
    assertThat(Osc52.payloadBytes("x".repeat(fits + 1))).isGreaterThan(Osc52.MAX_PAYLOAD);
  }

  @Test
  void insideTmuxThePlainSequenceIsFollowedByTheSameInTmuxsPassthroughWithEscDoubled() {
    String plain = Osc52.sequence("hi", false).orElseThrow();
    String both = Osc52.sequence("hi", true).orElseThrow();

    assertThat(both)
        .isEqualTo(plain + "\u001bPtmux;" + plain.replace("\u001b", "\u001b\u001b") + "\u001b\\");
  }
}
