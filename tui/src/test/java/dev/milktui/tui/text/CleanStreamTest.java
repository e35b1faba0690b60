package dev.milktui.tui.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class CleanStreamTest {
  private static final List<String> TEXTS =
      List.of(
          "smile 😀 family 👩‍👩‍👧 flag 🇫🇷 keycap 1️⃣ warn ⚠️ done",
          "red \u001b[31mcolour\u001b[0m and a title \u001b]0;pwned\u0007 kept",
          "link \u001b]8;;https://x.example\u001b\\text\u001b]8;;\u001b\\ after",
          "c1 \u009b1mbold\u009b0m and a lone escape \u001bc reset",
          "crlf\r\nline\rprogress\r\nend",
          "open at the end \u001b[3");

  @Test
  void piecesOfAnySizeCleanToWhatTheWholeTextCleansTo() {
    for (String text : TEXTS) {
      for (int size = 1; size <= 5; size++) {
        CleanStream stream = new CleanStream();
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length(); i += size) {
          out.append(stream.next(text.substring(i, Math.min(text.length(), i + size))));
        }
        assertThat(out.toString())
            .as("%s in pieces of %d", text, size)
            .isEqualTo(Sanitizer.clean(text));
      }
    }
  }

  @Test
  void anEscapeStringThatNeverEndsIsLetGoRatherThanHeldForever() {
    CleanStream stream = new CleanStream();
    stream.next("before \u001b]0;");
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < 2 * CleanStream.MAX_HELD; i++) {
      out.append(stream.next("y"));
    }
    out.append(stream.next(" visible"));
    assertThat(out.toString()).endsWith(" visible");
  }
}
