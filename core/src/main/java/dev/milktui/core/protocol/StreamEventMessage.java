package dev.milktui.core.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Objects;

/**
 * {@code type:"stream_event"}: present only with {@code --include-partial-messages}.
 *
 * <p>A streamed delta is most of what claude prints and nothing reads its whole line, so a delta
 * read by {@link DeltaLines} keeps the line's bytes and parses them into {@link #raw()} only when
 * asked: every field is still there, without a tree per delta.
 */
public final class StreamEventMessage implements CliMessage {
  private final String apiMessageId;
  private final String parentToolUseId;
  private final String sessionId;
  private final StreamEvent event;
  private final byte[] line;
  private JsonNode raw;

  public StreamEventMessage(
      String apiMessageId, String parentToolUseId, StreamEvent event, JsonNode raw) {
    this(apiMessageId, parentToolUseId, Json.text(raw, "session_id"), event, null, raw);
  }

  private StreamEventMessage(
      String apiMessageId,
      String parentToolUseId,
      String sessionId,
      StreamEvent event,
      byte[] line,
      JsonNode raw) {
    this.apiMessageId = apiMessageId;
    this.parentToolUseId = parentToolUseId;
    this.sessionId = sessionId;
    this.event = event;
    this.line = line;
    this.raw = raw;
  }

  /** A message whose whole line ({@code line}, the caller's copy) is parsed when first asked. */
  static StreamEventMessage ofLine(
      String apiMessageId,
      String parentToolUseId,
      String sessionId,
      StreamEvent event,
      byte[] line) {
    return new StreamEventMessage(apiMessageId, parentToolUseId, sessionId, event, line, null);
  }

  public String apiMessageId() {
    return apiMessageId;
  }

  public String parentToolUseId() {
    return parentToolUseId;
  }

  public StreamEvent event() {
    return event;
  }

  @Override
  public String sessionId() {
    return sessionId;
  }

  @Override
  public synchronized JsonNode raw() {
    if (raw == null) {
      try {
        raw = Json.mapper().readTree(line);
      } catch (IOException e) {
        // DeltaLines read these very bytes as one JSON object.
        throw new UncheckedIOException(e);
      }
    }
    return raw;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof StreamEventMessage that
        && Objects.equals(apiMessageId, that.apiMessageId)
        && Objects.equals(parentToolUseId, that.parentToolUseId)
        && Objects.equals(event, that.event)
        && Objects.equals(raw(), that.raw());
  }

  @Override
  public int hashCode() {
    return Objects.hash(apiMessageId, parentToolUseId, event);
  }

  @Override
  public String toString() {
    return "StreamEventMessage[apiMessageId="
        + apiMessageId
        + ", parentToolUseId="
        + parentToolUseId
        + ", event="
        + event
        + "]";
  }
}
