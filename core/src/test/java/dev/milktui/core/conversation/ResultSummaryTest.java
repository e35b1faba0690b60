package dev.milktui.core.conversation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.protocol.Json;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class ResultSummaryTest {
  @Test
  void aGlobSaysHowManyFilesItFound() {
    assertThat(ResultSummary.of("Glob", Json.object(), ToolOutcome.OK, "a.java\nb/c.java\n", null))
        .isEqualTo("Found 2 files");
    assertThat(ResultSummary.of("Glob", Json.object(), ToolOutcome.OK, "No files found", null))
        .isEqualTo("No files found");
  }

  @Test
  void aLongSummaryIsNeverCutInsideAnEmoji() {
    String result = "a".repeat(ResultSummary.MAX_CHARS - 1) + "😀 and more";

    String summary = ResultSummary.of("Task", Json.object(), ToolOutcome.OK, result, null);

    assertThat(summary).endsWith("a…").doesNotContain("\uD83D");
  }

  @Test
  void aTodoListCallSaysWhereItsTodosStandNotItsJson() throws IOException {
    String input =
        "{\"todos\":[{\"content\":\"a\",\"status\":\"completed\"},"
            + "{\"content\":\"b\",\"status\":\"in_progress\"},"
            + "{\"content\":\"c\",\"status\":\"pending\"}]}";

    assertThat(ToolInput.summary("TodoWrite", Json.mapper().readTree(input)))
        .isEqualTo("3 todos: 1 done, 1 in progress, 1 to do");
  }
}
