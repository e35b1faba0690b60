package dev.milktui.core.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.replay.ReplayFile.Kind;
import dev.milktui.core.replay.ReplayLine.Parsed;
import dev.milktui.core.scan.RecordedLine;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ReplayLinesTest {
  private static final String[] PIECES = {
    "{\\\"type\\\":\\\"user\\\",\\\"message\\\":{\\\"role\\\":\\\"user\\\",\\\"content\\\":\\\"",
    "{\\\"type\\\":\\\"control_response\\\",\\\"response\\\":{\\\"request_id\\\":\\\"r1\\\","
        + "\\\"response\\\":{\\\"behavior\\\":\\\"deny\\\",\\\"message\\\":\\\"",
    "\\\"}}}",
    "\\\"}}",
    "plain words ",
    "é😀",
    "\\u00e9",
    "\\ud83d\\ude00",
    "\\ud800",
    "\\udc00x",
    "\\\\n",
    "\\n\\t\\/\\b\\f\\r",
    "\\\\\\\"",
    "\\u0000",
    "\\x",
    "\\u12",
    "\t",
  };

  /**
   * An entry of what milk-tui sent in the exact shape is read on the quick path as the general path
   * reads the same entry spaced out of that shape: the same time and the same part, or skipped
   * alike; random lines with escapes, surrogates, broken UTF-8 and broken JSON.
   */
  @Test
  void aHostEntryInTheExactShapeReadsAsTheGeneralPathReadsIt() {
    Random random = new Random(5);
    String[] times = {
      "2026-12-03T10:00:00.5Z", "2026-12-03T10:00:00.25Z", "2026-12-03T10:00:01Z", "not a time", "é"
    };
    int quick = 0;
    for (int i = 0; i < 4000; i++) {
      ByteArrayOutputStream line = new ByteArrayOutputStream();
      int pieces = 1 + random.nextInt(6);
      for (int p = 0; p < pieces; p++) {
        line.writeBytes(PIECES[random.nextInt(PIECES.length)].getBytes(StandardCharsets.UTF_8));
      }
      byte[] content = line.toByteArray();
      if (random.nextInt(5) == 0 && content.length > 0) {
        content[random.nextInt(content.length)] = (byte) (0x80 + random.nextInt(0x80));
      }
      String ts = times[random.nextInt(times.length)];
      byte[] exact = entry("{\"ts\":\"" + ts + "\",\"dir\":\"host\",\"line\":\"", content);
      byte[] spaced = entry("{ \"ts\":\"" + ts + "\",\"dir\":\"host\",\"line\":\"", content);
      ReplayLine read = read(exact, random.nextBoolean() ? null : Kind.RECORD);
      ReplayLine general = read(spaced, null);
      if (read instanceof Parsed parsed && general instanceof Parsed expected) {
        assertThat(parsed.kind()).isEqualTo(expected.kind());
        assertThat(parsed.at()).isEqualTo(expected.at());
        assertThat(parsed.part())
            .as(new String(exact, StandardCharsets.UTF_8))
            .isEqualTo(expected.part());
      } else {
        assertThat(read.getClass()).isEqualTo(general.getClass());
      }
      quick += RecordedLine.hostStart(exact, 0, exact.length) >= 0 ? 1 : 0;
    }
    assertThat(quick).as("entries read on the quick path").isGreaterThan(500);
  }

  /**
   * Read before the file's kind is known, the entry keeps its bytes as read beside its unescaped
   * line: a file of another kind (a script's played line) reads it as written.
   */
  @Test
  void aHostEntryReadBeforeTheKindIsKnownKeepsItsBytesAsRead() {
    byte[] line =
        ("{\"ts\":\"2026-12-03T10:00:00Z\",\"dir\":\"host\",\"line\":\"{\\\"type\\\":\\\"user\\\","
                + "\\\"message\\\":{\\\"role\\\":\\\"user\\\",\\\"content\\\":\\\"hi\\\\nthere\\\"}}\"}")
            .getBytes(StandardCharsets.UTF_8);

    ReplayLine read = read(line, null);

    assertThat(read).isInstanceOf(Parsed.class);
    Parsed parsed = (Parsed) read;
    assertThat(parsed.kind()).isEqualTo(Kind.RECORD);
    assertThat(parsed.part()).isEqualTo(new ReplayLine.Prompt("hi\nthere"));
    assertThat(
            Arrays.copyOfRange(parsed.bytes(), parsed.offset(), parsed.offset() + parsed.length()))
        .isEqualTo(line);
  }

  private static byte[] entry(String opening, byte[] content) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(opening.getBytes(StandardCharsets.UTF_8));
    out.writeBytes(content);
    out.writeBytes("\"}".getBytes(StandardCharsets.UTF_8));
    return out.toByteArray();
  }

  private static ReplayLine read(byte[] line, Kind seen) {
    ReplayLines lines = new ReplayLines(new ToolPreviews(ToolPreviews.BUDGET_CHARS), () -> seen);
    return lines.read(line.clone(), 0, line.length, 1);
  }
}
