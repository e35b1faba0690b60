package dev.milktui.core.conversation;

/**
 * Text that arrives in pieces, one block of one message: Claude's reply or its thinking. At most
 * {@link Conversation#MAX_TEXT_CHARS} characters are kept; a marker replaces the rest.
 */
public abstract sealed class StreamedTextCell implements Cell
    permits AssistantTextCell, ThinkingCell {
  static final String CUT_MARKER = "\n… (the rest of this block is not kept: over 1 Mi characters)";

  private final String messageId;
  private final String parentToolUseId;
  private final StringBuilder text = new StringBuilder();
  private boolean cut;

  StreamedTextCell(String messageId, String parentToolUseId) {
    this.messageId = messageId;
    this.parentToolUseId = parentToolUseId;
  }

  public String messageId() {
    return messageId;
  }

  /** The agent call this text belongs to, or null for Claude's own. */
  public String parentToolUseId() {
    return parentToolUseId;
  }

  public String text() {
    return text.toString();
  }

  public int length() {
    return text.length();
  }

  /** Appends within the bound; returns what was really appended (maybe the marker, or nothing). */
  String append(String delta) {
    if (cut || delta.isEmpty()) {
      return "";
    }
    int room = Conversation.MAX_TEXT_CHARS - text.length();
    if (delta.length() <= room) {
      text.append(delta);
      return delta;
    }
    int end = room > 0 && Character.isHighSurrogate(delta.charAt(room - 1)) ? room - 1 : room;
    String kept = delta.substring(0, end) + CUT_MARKER;
    text.append(kept);
    cut = true;
    return kept;
  }

  /** Gives back spare capacity once the block stops growing. */
  void seal() {
    text.trimToSize();
  }
}
