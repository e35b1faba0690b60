package dev.milktui.tui.terminal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class Utf8OutputTest {
  @Test
  void anEmojiOutsideTheBasicPlaneGoesOutAsOneUtf8SequenceNotTwoQuestionMarks() {
    assertEquals("😀", decode(Utf8Output.encode("😀")));
    assertEquals("👩‍💻", decode(Utf8Output.encode("👩‍💻")));
    assertEquals("⚠️", decode(Utf8Output.encode("⚠️")));
    assertArrayEquals(
        new byte[] {(byte) 0xF0, (byte) 0x9F, (byte) 0x98, (byte) 0x80}, Utf8Output.encode("😀"));
  }

  @Test
  void cjkAndCombiningMarksAreEncodedWhole() {
    assertEquals("漢字", decode(Utf8Output.encode("漢字")));
    assertEquals("e\u0301", decode(Utf8Output.encode("e\u0301")));
  }

  @Test
  void controlCharactersLanternaWouldNotPrintAreDroppedAndTabNewlineBackspaceKept() {
    assertEquals("ab", decode(Utf8Output.encode("a\u001bb")));
    assertEquals("", decode(Utf8Output.encode("\u0007")));
    assertEquals("\t\n\b", decode(Utf8Output.encode("\t\n\b")));
    assertEquals("x", decode(Utf8Output.encode("x\u007f")));
  }

  @Test
  void aLoneSurrogateBecomesOneReplacementCharacter() {
    assertEquals("?", decode(Utf8Output.encode("\uD83D")));
  }

  private static String decode(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
