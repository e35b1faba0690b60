package dev.milktui.core.turn;

import dev.milktui.core.protocol.ContentBlock;
import dev.milktui.core.protocol.ToolResultMeta;
import java.util.Optional;
import java.util.Set;

/**
 * Recognises the stream-closed failure by what the CLI writes when its permission channel is gone:
 * an errored tool result that starts with {@value #PREFIX}, or whose whole text is one of the texts
 * older CLIs wrote, among them the seed's own {@code Stream closed} (ADR-0035), whether the content
 * came as a string or as text blocks. When the result's {@code tool_result_meta} is present it must
 * agree: the tool was not run. A tool that ran and failed with "http2: stream closed", or with the
 * bare text {@code Stream closed}, is an ordinary error.
 */
public final class StreamClosedDetector {
  static final String PREFIX = "Tool permission request failed:";

  /**
   * Whole results written by older CLIs (2.0.77 and the first stream transports), and the seed's
   * encoding of the failure, {@code Stream closed} exactly.
   */
  static final Set<String> EXACT =
      Set.of(
          "Stream closed",
          "Error: Stream closed",
          "Tool permission stream closed before response received");

  private StreamClosedDetector() {}

  public static boolean isStreamClosed(
      ContentBlock.ToolResult result, Optional<ToolResultMeta> meta) {
    if (!result.failed()) {
      return false;
    }
    if (meta.isPresent() && meta.get().nonExecutionKind() == null) {
      return false;
    }
    String text = result.text().strip();
    return text.startsWith(PREFIX) || EXACT.contains(text);
  }
}
