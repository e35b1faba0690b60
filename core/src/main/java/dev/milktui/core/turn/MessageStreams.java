package dev.milktui.core.turn;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.tinylog.Logger;

/**
 * Which API message each stream of deltas is in. Every CLI version names the message in the {@code
 * message_start} event that opens it; the deltas that follow carry only a block index, and the
 * {@code api_message_id} beside them exists only from CLI 2.1.295 on. Claude's own stream and each
 * subagent's ({@code parent_tool_use_id}) are apart, as their messages interleave. Kept across
 * turns: a background agent's stream goes on after the turn that started it has ended.
 */
final class MessageStreams {
  private final Map<String, String> current = new HashMap<>();

  /** A {@code message_start} opened message {@code messageId} in the stream of {@code parent}. */
  void started(String parent, String messageId, String apiMessageId) {
    String id = messageId != null ? messageId : apiMessageId;
    if (id != null) {
      current.put(parent, id);
    }
  }

  /**
   * The message a streamed event of {@code parent}'s stream belongs to: the one its stream's last
   * {@code message_start} named, else the line's own {@code api_message_id}.
   */
  String messageOf(String parent, String apiMessageId) {
    String started = current.get(parent);
    if (started == null) {
      return apiMessageId;
    }
    if (apiMessageId != null && !Objects.equals(started, apiMessageId)) {
      Logger.warn(
          "stream_event of {} names message {}, its message_start said {}",
          parent == null ? "claude" : parent,
          apiMessageId,
          started);
    }
    return started;
  }
}
