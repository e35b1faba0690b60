package dev.milktui.core.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.record.RecordFile;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayFileWorkersTest {
  @TempDir Path dir;

  /** Enough long Writes to spend the preview budget, with prompts and answered permissions. */
  private Path bigRecord() throws Exception {
    Path record = dir.resolve("big.ndjson");
    String content = "w".repeat(ToolPreviews.STRING_CHARS + 500);
    long calls = ToolPreviews.BUDGET_CHARS / ToolPreviews.STRING_CHARS + 300;
    try (RecordFile file = RecordFile.open(record, Clock.systemUTC())) {
      file.fromClaude(
          "{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"s\",\"cwd\":\"/w\"}");
      for (long i = 0; i < calls; i++) {
        if (i % 1000 == 0) {
          file.toClaude(
              "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"write "
                  + i
                  + "\"}}");
          file.fromClaude(
              "{\"type\":\"control_request\",\"request_id\":\"r"
                  + i
                  + "\",\"request\":{\"subtype\":\"can_use_tool\",\"tool_name\":\"Write\"}}");
          file.toClaude(
              "{\"type\":\"control_response\",\"response\":{\"request_id\":\"r"
                  + i
                  + "\",\"response\":{\"behavior\":\""
                  + (i % 2000 == 0 ? "allow" : "deny")
                  + "\",\"message\":\"no\"}}}");
        }
        file.fromClaude(
            "{\"type\":\"assistant\",\"session_id\":\"s\",\"message\":{\"id\":\"m"
                + i
                + "\",\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"w"
                + i
                + "\",\"name\":\"Write\",\"input\":{\"file_path\":\"/w/f"
                + i
                + "\",\"content\":\""
                + content
                + "\"}}]}}");
      }
    }
    return record;
  }

  private static List<String> items(ReplayFile.Loaded loaded) {
    return loaded.script().turns().get(0).items().stream()
        .map(item -> item instanceof ReplayScript.Line line ? line.text() : item.toString())
        .toList();
  }

  private static ReplayFile.Loaded read(Path file, int workers) throws Exception {
    try (InputStream in = Files.newInputStream(file)) {
      return ReplayFile.read(in, workers);
    }
  }

  @Test
  void aRecordLoadsOnWorkerThreadsExactlyAsOnOne() throws Exception {
    Path record = bigRecord();

    List<String> one = items(read(record, 1));
    List<String> four = items(read(record, 4));

    assertThat(one).anyMatch(item -> item.contains("… [500 more bytes]"));
    assertThat(one).anyMatch(item -> item.contains("more bytes]") && !item.contains("[500 more"));
    assertThat(one).contains("Note[text=Permission for Write: denied (no).]");
    assertThat(four).isEqualTo(one);
  }
}
