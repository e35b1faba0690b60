package dev.milktui.tui;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.history.PastSession;
import dev.milktui.core.session.Session;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Opens Claude sessions for the UI: at start, and again when the user resumes or starts afresh
 * after claude stopped. Called on the GUI thread: return at once, report through {@code listener}.
 */
@FunctionalInterface
public interface SessionFactory {
  Session open(Consumer<SessionEvent> listener, Optional<String> resumeSessionId);

  /**
   * The sessions of this directory that can be resumed, newest first (the resume picker's list).
   * Slow (it reads files): called off the GUI thread.
   */
  default List<PastSession> pastSessions() {
    return List.of();
  }
}
