package dev.milktui.core.conversation;

import dev.milktui.core.event.SessionEvent;

/**
 * Something the user should know. A notice with a {@code key} is a status line: a newer notice with
 * the same key updates it rather than adding another, and it can be withdrawn.
 */
public final class NoticeCell implements Cell {
  private final SessionEvent.Level level;
  private final String key;
  private String text;

  NoticeCell(SessionEvent.Level level, String key, String text) {
    this.level = level;
    this.key = key;
    this.text = text;
  }

  public SessionEvent.Level level() {
    return level;
  }

  /** The status this line shows, or null for a one-off notice. */
  public String key() {
    return key;
  }

  public String text() {
    return text;
  }

  void text(String text) {
    this.text = text;
  }
}
