package dev.milktui.core.turn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.protocol.ContentBlock;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.MessageParser;
import dev.milktui.core.protocol.ToolResultMeta;
import dev.milktui.core.protocol.UserMessage;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StreamClosedDetectorTest {
  /** What the CLI writes for a call it could not ask about (2.1.332 recordings). */
  private static final Optional<ToolResultMeta> NOT_RUN =
      Optional.of(new ToolResultMeta("t1", "permission-rule", "reject", "config", "other"));

  /** A call that ran (and failed on its own). */
  private static final Optional<ToolResultMeta> RAN =
      Optional.of(new ToolResultMeta("t1", null, "accept", "config", "rule"));

  private static ContentBlock.ToolResult errored(String text) {
    return new ContentBlock.ToolResult("t1", text, true);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Tool permission request failed: AbortError: Stream closed",
        "Tool permission request failed: Error: Stream closed",
        "Tool permission request failed: AbortError: Tool permission stream closed before response"
            + " received",
        "Stream closed",
        "Error: Stream closed",
        "Tool permission stream closed before response received",
        "  Tool permission request failed: AbortError: Stream closed\n"
      })
  void everyTextTheCliWritesIsAStreamClosedFailure(String text) {
    assertThat(StreamClosedDetector.isStreamClosed(errored(text), NOT_RUN)).isTrue();
    assertThat(StreamClosedDetector.isStreamClosed(errored(text), Optional.empty())).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "http2: stream closed",
        "Get \"https://example.com\": http2: stream closed",
        "error: RPC failed; curl 92 HTTP/2 stream 5 was not closed cleanly: CANCEL (err 8)",
        "stream closed",
        "Stream closed.",
        "Stream closed by peer",
        "java.io.IOException: Stream closed",
        "grep found: Tool permission request failed: Error: Stream closed",
        "Error: Stream closed unexpectedly",
        "tool permission request failed: abort"
      })
  void lookAlikesAreOrdinaryToolErrors(String text) {
    assertThat(StreamClosedDetector.isStreamClosed(errored(text), NOT_RUN)).isFalse();
    assertThat(StreamClosedDetector.isStreamClosed(errored(text), Optional.empty())).isFalse();
  }

  @Test
  void theTextFromAToolThatRanIsNotAStreamClosedFailure() {
    ContentBlock.ToolResult result =
        errored("Tool permission request failed: AbortError: Stream closed");
    assertThat(StreamClosedDetector.isStreamClosed(result, RAN)).isFalse();
  }

  /** The seed's encoding (ADR-0035): the whole text, as a string or as a block array. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "\"Stream closed\"",
        "[{\"type\":\"text\",\"text\":\"Stream closed\"}]",
      })
  void theSeedsStreamClosedIsRecognisedInBothContentEncodings(String content) throws Exception {
    ContentBlock.ToolResult result = parsed(content, true);

    assertThat(StreamClosedDetector.isStreamClosed(result, NOT_RUN)).isTrue();
    assertThat(StreamClosedDetector.isStreamClosed(result, Optional.empty())).isTrue();
    assertThat(StreamClosedDetector.isStreamClosed(result, RAN)).isFalse();
    assertThat(StreamClosedDetector.isStreamClosed(parsed(content, false), NOT_RUN)).isFalse();
  }

  private static ContentBlock.ToolResult parsed(String content, boolean isError) throws Exception {
    UserMessage user =
        (UserMessage)
            MessageParser.parse(
                Json.mapper()
                    .readTree(
                        "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":"
                            + "[{\"type\":\"tool_result\",\"tool_use_id\":\"t1\",\"is_error\":"
                            + isError
                            + ",\"content\":"
                            + content
                            + "}]}}"));
    return (ContentBlock.ToolResult) user.content().get(0);
  }

  @Test
  void aResultThatIsNotAnErrorNeverIs() {
    ContentBlock.ToolResult result =
        new ContentBlock.ToolResult(
            "t1", "Tool permission request failed: AbortError: Stream closed", null);
    assertThat(StreamClosedDetector.isStreamClosed(result, NOT_RUN)).isFalse();
  }
}
