package dev.milktui.core.conversation;

/** Claude's thinking, one content block. */
public final class ThinkingCell extends StreamedTextCell {
  ThinkingCell(String messageId, String parentToolUseId) {
    super(messageId, parentToolUseId);
  }
}
