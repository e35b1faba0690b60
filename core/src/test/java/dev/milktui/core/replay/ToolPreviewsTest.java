package dev.milktui.core.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ToolPreviewsTest {
  private static String write(String content) {
    return "{\"type\":\"assistant\",\"message\":{\"content\":[{\"type\":\"tool_use\",\"id\":\"w\","
        + "\"name\":\"Write\",\"input\":{\"file_path\":\"/w/a\",\"content\":\""
        + content
        + "\"}}]}}";
  }

  private static String kept(ToolPreviews previews, String line) {
    byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
    return new String(of(previews, bytes, 0, bytes.length), StandardCharsets.UTF_8);
  }

  /** What a replay keeps of the line: folded, or as it is. */
  static byte[] of(ToolPreviews previews, byte[] bytes, int offset, int length) {
    return orAsRead(previews.folded(bytes, offset, length), bytes, offset, length);
  }

  /** {@link #of(ToolPreviews, byte[], int, int)} of a line parsed as {@code node}. */
  static byte[] of(ToolPreviews previews, JsonNode node, byte[] bytes, int offset, int length) {
    return orAsRead(previews.folded(node, bytes, offset, length), bytes, offset, length);
  }

  private static byte[] orAsRead(byte[] folded, byte[] bytes, int offset, int length) {
    return folded != null ? folded : Arrays.copyOfRange(bytes, offset, offset + length);
  }

  @Test
  void onceTheBudgetIsSpentLongStringsKeepOnlyAShortPreviewWithTheirNote() {
    ToolPreviews previews = new ToolPreviews(ToolPreviews.STRING_CHARS + 1);
    String content = "x".repeat(ToolPreviews.STRING_CHARS + 100);

    String first = kept(previews, write(content));
    String second = kept(previews, write(content));
    String third = kept(previews, write(content));

    assertThat(first).contains("x".repeat(ToolPreviews.STRING_CHARS) + "… [100 more bytes]");
    assertThat(second).contains("x".repeat(ToolPreviews.STRING_CHARS) + "… [100 more bytes]");
    int more = content.length() - ToolPreviews.SHORT_CHARS;
    assertThat(third)
        .contains("\"x" + "x".repeat(ToolPreviews.SHORT_CHARS - 1) + "… [" + more + " more bytes]");
  }

  @Test
  void aShortLineIsKeptAsItIsWhateverTheBudget() {
    ToolPreviews previews = new ToolPreviews(0);
    String line = write("short");

    assertThat(kept(previews, line)).isEqualTo(line);
  }

  @Test
  void theBytesLeftOutAreCountedAsUtf8EncodesThemUnpairedSurrogatesIncluded() {
    String text = "a\u00e9\u20ac\ud83d\ude00\ud83d-\ude00\ud83d";
    for (int from = 0; from <= text.length(); from++) {
      assertThat(ToolPreviews.utf8Length(text, from))
          .isEqualTo(text.substring(from).getBytes(StandardCharsets.UTF_8).length);
    }
  }
}
