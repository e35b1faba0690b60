package dev.milktui.core.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import java.util.function.IntPredicate;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

class ByteWordsTest {
  private static final long QUOTES = ByteWords.repeated('"');

  /**
   * Words of bytes near the tested values (borrows, high bits); each test's first flag is exact.
   */
  @Test
  void eachTestFlagsTheFirstMatchingByteOfAWordAsAByteLoopFindsIt() {
    check(w -> ByteWords.equalTo(w, QUOTES), b -> b == '"');
    check(w -> ByteWords.below(w, 0x20), b -> b < 0x20);
    check(ByteWords::nonAscii, b -> b >= 0x80);
    check(ByteWords::stringStops, b -> b == '"' || b == '\\' || b < 0x20 || b >= 0x80);
  }

  private static void check(LongUnaryOperator test, IntPredicate matches) {
    int[] alphabet = {'"', '\\', 0x21, 0x23, 0xA2, 0x1F, 0x20, 0x00, 0x01, 0x7F, 0x80, 0xFF, 'a'};
    Random random = new Random(64);
    byte[] bytes = new byte[8];
    for (int round = 0; round < 50_000; round++) {
      for (int i = 0; i < bytes.length; i++) {
        bytes[i] = (byte) alphabet[random.nextInt(alphabet.length)];
      }
      int expected = -1;
      for (int i = 0; i < bytes.length && expected < 0; i++) {
        expected = matches.test(bytes[i] & 0xFF) ? i : -1;
      }
      long flags = test.applyAsLong(ByteWords.word(bytes, 0));
      assertThat(flags == 0 ? -1 : ByteWords.first(flags))
          .as(Arrays.toString(bytes))
          .isEqualTo(expected);
    }
  }
}
