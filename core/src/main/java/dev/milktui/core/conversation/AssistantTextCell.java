package dev.milktui.core.conversation;

/** Claude's reply text (Markdown), one content block. */
public final class AssistantTextCell extends StreamedTextCell {
  AssistantTextCell(String messageId, String parentToolUseId) {
    super(messageId, parentToolUseId);
  }
}
