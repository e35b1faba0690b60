package dev.milktui.core.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class TerminalTextTest {

  @Test
  void revealShowsAnOscHiddenCommandWithItsPayload() {
    String hidden = "echo hi\u001b]8;;\u0007; rm -rf ~/src\u001b]0;x\u001b\\";
    assertThat(TerminalText.reveal(hidden)).isEqualTo("echo hi␛]8;;␇; rm -rf ~/src␛]0;x␛\\");
  }

  @Test
  void revealMarksEachC0ControlByItsPictureAndDelByItsOwn() {
    assertThat(TerminalText.reveal("a\u0000b\u0008c\rd\u007fe")).isEqualTo("a␀b␈c␍d␡e");
  }

  @Test
  void revealKeepsNewlinesAndTabsButRevealInlineMarksThem() {
    assertThat(TerminalText.reveal("a\nb\tc")).isEqualTo("a\nb\tc");
    assertThat(TerminalText.revealInline("a\nb\tc")).isEqualTo("a␊b␉c");
  }

  @Test
  void revealWritesC1FormatAndSeparatorCharactersAsEscapes() {
    assertThat(TerminalText.reveal("a\u009b31mb\u202ec\u200bd\u2028e\ufeff"))
        .isEqualTo("a\\u009b31mb\\u202ec\\u200bd\\u2028e\\ufeff");
  }

  @Test
  void revealWritesBrokenSurrogatesAndHiddenTagCharactersAsEscapesAndKeepsEmoji() {
    assertThat(TerminalText.reveal("x\ud800y\udbc0\udc01 \ud83d\ude00"))
        .isEqualTo("x\\ud800y\\U00100001 \ud83d\ude00");
    assertThat(TerminalText.reveal("tag\udb40\udc41")).isEqualTo("tag\\U000e0041");
  }

  @Test
  void oneVariationSelectorAfterACharacterStaysButARunOfThemIsRevealed() {
    assertThat(TerminalText.reveal("ok \u2764\ufe0f")).isEqualTo("ok \u2764\ufe0f");
    assertThat(TerminalText.reveal("a\ufe00\ufe01\ufe02")).isEqualTo("a\ufe00\\ufe01\\ufe02");
    assertThat(TerminalText.reveal("b\udb40\udd00")).isEqualTo("b\\U000e0100");
    assertThat(TerminalText.hasControls("ok \u2764\ufe0f")).isFalse();
    assertThat(TerminalText.hasControls("a\ufe00\ufe01")).isTrue();
  }

  @Test
  void emojiNewerThanTheJdksTablesAreNotFlagged() {
    String melting = new String(Character.toChars(0x1FAE0));
    assertThat(TerminalText.reveal(melting)).isEqualTo(melting);
    assertThat(TerminalText.hasControls(melting)).isFalse();
  }

  @Test
  void plainTextIsRevealedUnchangedAndHasNoControls() {
    String plain = "grep -n 'x' src/*.java | wc -l\n\tdone ✓ 日本";
    assertThat(TerminalText.reveal(plain)).isEqualTo(plain);
    assertThat(TerminalText.hasControls(plain)).isFalse();
  }

  @Test
  void hasControlsFindsAnythingRevealWouldMark() {
    assertThat(TerminalText.hasControls("a\u001b[31m")).isTrue();
    assertThat(TerminalText.hasControls("a\rb")).isTrue();
    assertThat(TerminalText.hasControls("a\u0085")).isTrue();
    assertThat(TerminalText.hasControls("a\u2066b")).isTrue();
    assertThat(TerminalText.hasControls("a\udc00")).isTrue();
    assertThat(TerminalText.hasControls(null)).isFalse();
  }

  /**
   * Over random mixes of controls and text: the result prints safely and drops nothing. (A paired
   * surrogate here makes U+103FF, unassigned, so no word of two scripts is formed by chance.)
   */
  @Test
  void revealedTextIsSafeToPrintAndKeepsEveryPrintableCharacterInOrder() {
    Random random = new Random(11);
    char[] alphabet = {
      'a', 'Z', ' ', ';', ']', '[', '\\', '\n', '\t', '\r', 0x1B, 0x07, 0x00, 0x7F, 0x9B, 0x9C,
      0x9D, 0x85, 0x202E, 0x200B, 0xD800, 0xDFFF, '日'
    };
    for (int run = 0; run < 2000; run++) {
      StringBuilder in = new StringBuilder();
      int length = random.nextInt(30);
      for (int i = 0; i < length; i++) {
        in.append(alphabet[random.nextInt(alphabet.length)]);
      }
      String text = in.toString();
      String shown = TerminalText.reveal(text);
      assertThat(TerminalText.clean(shown)).isEqualTo(shown);
      // An escape's last hex digit may join a letter after it into a word of two scripts; only
      // controls and hidden characters would make the shown text unsafe.
      assertThat(TerminalText.findings(shown))
          .doesNotContain(TerminalText.Finding.CONTROL, TerminalText.Finding.HIDDEN);
      assertThat(printable(shown)).isEqualTo(printable(text));
      assertThat(shown.length()).isGreaterThanOrEqualTo(text.length());
    }
  }

  /** The characters reveal must keep as they are, in order. */
  private static String printable(String text) {
    StringBuilder out = new StringBuilder();
    for (char c : text.toCharArray()) {
      if (c == 'a' || c == 'Z' || c == ';' || c == ']' || c == '[' || c == '日') {
        out.append(c);
      }
    }
    return out.toString();
  }

  @Test
  void blankLookingCharactersAreRevealedAsEscapes() {
    assertThat(TerminalText.reveal("rm\u3164-rf")).as("Hangul filler").isEqualTo("rm\\u3164-rf");
    assertThat(TerminalText.reveal("a\u115fb\u1160c\uffa0d"))
        .isEqualTo("a\\u115fb\\u1160c\\uffa0d");
    assertThat(TerminalText.reveal("x\u2800y")).as("braille blank").isEqualTo("x\\u2800y");
    assertThat(TerminalText.reveal("x\u034fy")).as("grapheme joiner").isEqualTo("x\\u034fy");
    assertThat(TerminalText.reveal("rm -rf /\u0338")).as("overlay").isEqualTo("rm -rf /\\u0338");
    assertThat(TerminalText.reveal("a\u00a0b\u2007c\u3000d"))
        .as("unusual spaces")
        .isEqualTo("a\\u00a0b\\u2007c\\u3000d");
    assertThat(TerminalText.findings("x\u2800")).containsExactly(TerminalText.Finding.HIDDEN);
  }

  @Test
  void aLetterOfAnotherScriptInsideAWordPathOrHostIsRevealed() {
    assertThat(TerminalText.reveal("https://\u0430pple.com/login"))
        .isEqualTo("https://\\u0430pple.com/login");
    assertThat(TerminalText.reveal("B\u0430sh")).isEqualTo("B\\u0430sh");
    assertThat(TerminalText.reveal("/home/us\u0435r/.ssh")).isEqualTo("/home/us\\u0435r/.ssh");
    assertThat(TerminalText.reveal("\u0440\u0430y\u0440\u0430l"))
        .as("the word's main script stays, the odd letters are marked")
        .isEqualTo("\u0440\u0430\\u0079\u0440\u0430\\u006c");
    assertThat(TerminalText.findings("B\u0430sh"))
        .containsExactly(TerminalText.Finding.MIXED_SCRIPT);
    assertThat(TerminalText.warning("ls", "B\u0430sh")).contains("lookalikes");
  }

  @Test
  void wordsOfOneScriptAndScriptsWrittenTogetherAreNotFlagged() {
    String plain =
        "echo \u043f\u0440\u0438\u0432\u0435\u0442 world; cat /home/me/\u0414\u043e\u043a/file.txt;"
            + " \u65e5\u672c\u8a9e\u306e\u30c6\u30ad\u30b9\u30c8 Java\u3067 caf\u00e9 cafe\u0301 \u03b1\u03b2\u03b3";
    assertThat(TerminalText.reveal(plain)).isEqualTo(plain);
    assertThat(TerminalText.findings(plain)).isEmpty();
    assertThat(TerminalText.warning(plain)).isEmpty();
  }
}
