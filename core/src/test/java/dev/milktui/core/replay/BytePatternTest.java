package dev.milktui.core.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BytePatternTest {
  private final BytePattern pattern = new BytePattern("\"control_request\"");

  private boolean in(String text, int offset, int length) {
    return pattern.in(text.getBytes(StandardCharsets.UTF_8), offset, length);
  }

  private boolean in(String text) {
    return in(text, 0, text.length());
  }

  @Test
  void findsThePatternAnywhereInTheRangeOnly() {
    String line = "xx{\"type\":\"control_request\",\"é\":1}yy";
    int length = line.getBytes(StandardCharsets.UTF_8).length;

    assertThat(in(line, 0, length)).isTrue();
    assertThat(in(line, 2, length - 4)).isTrue();
    assertThat(in(line, 11, length - 11)).isFalse();
    assertThat(in(line, 0, 26)).isFalse();
    assertThat(in("\"control_request\"", 0, 17)).isTrue();
  }

  @Test
  void aNearMissOrAShortLineIsNotAMatch() {
    assertThat(in("{\"type\":\"control_response\"}")).isFalse();
    assertThat(in("{\"type\":\"control_requests\"}")).isFalse();
    assertThat(in("\"control\"")).isFalse();
    assertThat(in("")).isFalse();
  }
}
