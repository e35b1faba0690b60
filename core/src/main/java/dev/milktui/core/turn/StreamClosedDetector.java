package dev.milktui.core.turn;

import dev.milktui.core.protocol.ContentBlock;
import java.util.Locale;

/**
 * Recognises the stream-closed failure: an errored tool result whose text says "stream closed".
 * Requiring {@code is_error} avoids the false positive of a tool that merely read the phrase.
 */
public final class StreamClosedDetector {
  private static final String PHRASE = "stream closed";

  private StreamClosedDetector() {}

  public static boolean isStreamClosed(ContentBlock.ToolResult result) {
    return result.failed() && result.text().toLowerCase(Locale.ROOT).contains(PHRASE);
  }
}
