package dev.milktui.core.scan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.testkit.Recordings;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class StreamClosedFixTest {

  @Test
  void aStreamClosedBashCallSuggestsItsCommandPrefixNotAllOfBash() throws IOException {
    ScanReport report = TranscriptScanner.scan("f1", Recordings.ndjson("f1-ppt-arg-devnull"));

    assertThat(StreamClosedFix.grantsCommand(report))
        .contains("milk-tui grants allow 'Bash(touch:*)'");
    assertThat(ScanText.render(report))
        .contains("    fix: milk-tui grants allow 'Bash(touch:*)'\n");
  }

  @Test
  void aStreamClosedWriteSuggestsAnEditRuleForItsFolder() throws IOException {
    String transcript =
        """
        {"type":"system","subtype":"init","session_id":"s","cwd":"/home/demo/notes","tools":["Write"]}
        {"type":"assistant","session_id":"s","message":{"id":"m","role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Write","input":{"file_path":"/home/demo/it's/todo.md","content":"x"}}]}}
        {"type":"user","session_id":"s","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","is_error":true,"content":"Tool permission request failed: AbortError: Stream closed"}]}}
        {"type":"result","subtype":"success","session_id":"s","is_error":false,"num_turns":1}
        """;
    ScanReport report =
        TranscriptScanner.scan(
            "w", new ByteArrayInputStream(transcript.getBytes(StandardCharsets.UTF_8)));

    assertThat(StreamClosedFix.grantsCommand(report))
        .contains("milk-tui grants allow 'Edit(//home/demo/it'\\''s/**)'");
  }

  @Test
  void aRunWithoutStreamClosedFailuresSuggestsNothing() throws IOException {
    ScanReport report = TranscriptScanner.scan("c", Recordings.ndjson("c-allowed-bash"));

    assertThat(StreamClosedFix.grantsCommand(report)).isEmpty();
    assertThat(ScanText.render(report)).doesNotContain("fix:");
  }
}
