package dev.milktui.core.scan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.testkit.Recordings;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class OrderedLinesTest {

  /** Recorded lines over several batches, with a malformed line, a blank one and a long one. */
  private static byte[] manyBatches() throws IOException {
    StringBuilder text = new StringBuilder();
    List<String> recorded = new ArrayList<>();
    for (String name : Recordings.names()) {
      recorded.addAll(Files.readAllLines(Recordings.ndjson(name)));
    }
    int line = 0;
    while (text.length() < 3 * OrderedLines.BATCH_BYTES) {
      text.append(recorded.get(line++ % recorded.size())).append('\n');
      if (line == 700) {
        text.append("not json\n\n");
      }
      if (line == 900) {
        text.append("{\"type\":\"system\",\"subtype\":\"status\",\"pad\":\"")
            .append("p".repeat(OrderedLines.BATCH_BYTES + 10))
            .append("\",\"session_id\":\"long\"}\n");
      }
    }
    return text.append("[1]").toString().getBytes(StandardCharsets.UTF_8);
  }

  private static String scan(byte[] bytes, int workers) throws IOException {
    return ScanJson.line(TranscriptScanner.scan("t", new ByteArrayInputStream(bytes), workers));
  }

  @Test
  void linesReadOnWorkersAreSummedUpInTheFilesOrderAsOnOneThread() throws IOException {
    byte[] bytes = manyBatches();

    String alone = scan(bytes, 1);

    assertThat(scan(bytes, 2)).isEqualTo(alone);
    assertThat(scan(bytes, 3)).isEqualTo(alone);
  }

  @Test
  void aMalformedLineIsNamedByItsNumberInTheFileWhicheverThreadReadIt() throws IOException {
    byte[] bytes = manyBatches();
    String text = new String(bytes, StandardCharsets.UTF_8);
    long notJson =
        text.substring(0, text.indexOf("not json")).chars().filter(c -> c == '\n').count();
    long last = text.chars().filter(c -> c == '\n').count() + 1;

    ScanReport report = TranscriptScanner.scan("t", new ByteArrayInputStream(bytes), 2);

    assertThat(report.errors().items())
        .filteredOn(error -> error.startsWith("line "))
        .containsExactly(
            "line "
                + (notJson + 1)
                + ": invalid JSON: Unrecognized token 'not': was expecting"
                + " (JSON String, Number, Array, Object or token 'null', 'true' or 'false')",
            "line " + last + ": not a JSON object");
  }
}
