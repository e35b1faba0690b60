package dev.milktui.tui.text;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.TextCharacter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class GraphemesTest {
  private static final String WARNING = "\u26A0\uFE0F";
  private static final String TECHNOLOGIST = "\uD83D\uDC69\u200D\uD83D\uDCBB";
  private static final String FLAG = "\uD83C\uDDEB\uD83C\uDDF7";
  private static final String E_ACUTE = "e\u0301";

  private static List<String> graphemes(String s) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < s.length(); ) {
      int e = Graphemes.next(s, i, s.length());
      out.add(s.substring(i, e));
      i = e;
    }
    return out;
  }

  @Test
  void asciiIsOneColumnPerChar() {
    assertThat(Graphemes.width("hello, world")).isEqualTo(12);
    assertThat(graphemes("ab c")).containsExactly("a", "b", " ", "c");
  }

  @Test
  void emojiWithVariationSelectorIsOneWideGrapheme() {
    assertThat(graphemes("a" + WARNING + "b")).containsExactly("a", WARNING, "b");
    assertThat(Graphemes.width(WARNING)).isEqualTo(2);
    assertThat(Graphemes.width("\u26A0")).isEqualTo(1);
  }

  @Test
  void zwjSequenceIsOneWideGrapheme() {
    assertThat(graphemes(TECHNOLOGIST + "x")).containsExactly(TECHNOLOGIST, "x");
    assertThat(Graphemes.width(TECHNOLOGIST)).isEqualTo(2);
  }

  @Test
  void flagIsOneWideGrapheme() {
    assertThat(graphemes(FLAG + FLAG)).containsExactly(FLAG, FLAG);
    assertThat(Graphemes.width(FLAG)).isEqualTo(2);
  }

  @Test
  void cjkIsTwoColumns() {
    assertThat(Graphemes.width("日本語")).isEqualTo(6);
    assertThat(Graphemes.width("ｱｲ")).isEqualTo(2);
    assertThat(Graphemes.width("\uD840\uDC0B")).isEqualTo(2);
  }

  @Test
  void combiningMarkJoinsItsBase() {
    assertThat(graphemes(E_ACUTE + "x")).containsExactly(E_ACUTE, "x");
    assertThat(Graphemes.width(E_ACUTE + "x")).isEqualTo(2);
    assertThat(Graphemes.width("a\u0300\u0301\u0302")).isEqualTo(1);
  }

  @Test
  void loneSurrogateIsOneColumnOfItsOwn() {
    String broken = "a\uD83Db";
    assertThat(graphemes(broken)).containsExactly("a", "\uD83D", "b");
    assertThat(Graphemes.width(broken)).isEqualTo(3);
  }

  @Test
  void emojiPresentationCharactersAreWide() {
    assertThat(Graphemes.width("\u2705")).isEqualTo(2);
    assertThat(Graphemes.width("\uD83D\uDE00")).isEqualTo(2);
    assertThat(Graphemes.width("\uD83D\uDC4D\uD83C\uDFFD")).isEqualTo(2);
  }

  @Test
  void formatCharactersAloneTakeNoColumn() {
    assertThat(Graphemes.width("a\u200Bb")).isEqualTo(2);
  }

  /** The ICU-free fast path must agree with ICU for every char it claims. */
  @Test
  void simpleCharactersAreSingleColumnGraphemesAsIcuSaysToo() {
    for (char c = 0x20; c < 0x2800; c++) {
      if (!Graphemes.isSimple(c) || c == 0x7f) {
        continue;
      }
      String pair = "" + c + c;
      assertThat(UnicodeTables.width(pair, 0, 1)).as("width of U+%04X", (int) c).isEqualTo(1);
      assertThat(UnicodeTables.nextBoundary(pair, 0, 2))
          .as("break after U+%04X", (int) c)
          .isEqualTo(1);
      assertThat(TextCharacter.fromString(String.valueOf(c))[0].isDoubleWidth())
          .as("Lanterna's width of U+%04X", (int) c)
          .isFalse();
    }
  }

  @Test
  void simpleWideCharactersAreDoubleColumnGraphemesAsIcuSaysToo() {
    for (char c = 0x2000; c < 0xFFFF; c++) {
      if (!Graphemes.isSimpleWide(c)) {
        continue;
      }
      String pair = "" + c + c;
      assertThat(UnicodeTables.width(pair, 0, 1)).as("width of U+%04X", (int) c).isEqualTo(2);
      assertThat(UnicodeTables.nextBoundary(pair, 0, 2))
          .as("break after U+%04X", (int) c)
          .isEqualTo(1);
    }
  }
}
