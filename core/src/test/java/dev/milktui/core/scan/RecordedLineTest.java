package dev.milktui.core.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RecordedLineTest {
  private static final String PREFIX =
      "{\"ts\":\"2026-01-01T00:00:00Z\",\"dir\":\"cli\",\"line\":\"";

  private static String unescaped(String entry) throws RecordedLine.Malformed {
    byte[] bytes = entry.getBytes(StandardCharsets.UTF_8);
    int start = RecordedLine.start(bytes, 0, bytes.length);
    int end = RecordedLine.unescape(bytes, start, bytes.length);
    return new String(bytes, start, end - start, StandardCharsets.UTF_8);
  }

  @Test
  void everyJsonEscapeIsReadInPlaceAsTheTextItStandsFor() throws Exception {
    String entry =
        PREFIX
            + "{\\\"a\\\":\\\"q\\\\\\\" \\n\\r\\t\\b\\f\\/ \\u001b é \\u00e9 \\ud83d\\ude00 😀\\\"}\"}\n";

    assertThat(unescaped(entry)).isEqualTo("{\"a\":\"q\\\" \n\r\t\b\f/ \u001b é é 😀 😀\"}");
  }

  @Test
  void aLoneSurrogateEscapeBecomesTheReplacementCharacter() throws Exception {
    assertThat(unescaped(PREFIX + "x\\ud800y\"}")).isEqualTo("x\uFFFDy");
  }

  @Test
  void onlyTheExactShapeMilkTuiWritesForClaudesLinesIsTakenByTheFastPath() {
    byte[] host = "{\"ts\":\"t\",\"dir\":\"host\",\"line\":\"x\"}".getBytes(StandardCharsets.UTF_8);
    byte[] reordered =
        "{\"dir\":\"cli\",\"ts\":\"t\",\"line\":\"x\"}".getBytes(StandardCharsets.UTF_8);

    assertThat(RecordedLine.start(host, 0, host.length)).isEqualTo(-1);
    assertThat(RecordedLine.start(reordered, 0, reordered.length)).isEqualTo(-1);
  }

  @Test
  void aTornEntryOrOneWithMoreAfterItsLineIsMalformed() {
    assertThatThrownBy(() -> unescaped(PREFIX + "{\\\"type\\\":"))
        .hasMessageContaining("not closed");
    assertThatThrownBy(() -> unescaped(PREFIX + "{}\",\"x\":1}"))
        .hasMessageContaining("does not end");
    assertThatThrownBy(() -> unescaped(PREFIX + "\\q\"}")).hasMessageContaining("unknown escape");
  }
}
