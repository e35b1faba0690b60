package dev.milktui.core.conversation;

/**
 * Hears how the conversation's top-level cells change, so a rendering updates only what changed. A
 * change inside an agent call (its subagent's text or calls) is reported as a change of the
 * top-level call it belongs to.
 */
public interface ConversationListener {
  /** A cell was added at the end. */
  void added(Cell cell);

  /** {@code delta} was appended to a top-level text cell (what was really kept of it). */
  void appended(StreamedTextCell cell, String delta);

  /** A cell changed in place (a tool call's outcome or diff, a status notice's text). */
  void changed(Cell cell);

  /** A cell was taken out (the text of an abandoned stream, a status that no longer applies). */
  void removed(Cell cell);

  /** Every cell was taken out: {@code /clear} started a new conversation. */
  void cleared();
}
