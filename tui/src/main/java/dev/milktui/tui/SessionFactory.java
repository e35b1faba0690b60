package dev.milktui.tui;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.history.PastSession;
import dev.milktui.core.ledger.LedgerReader;
import dev.milktui.core.session.Session;
import java.nio.file.Path;
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

  /**
   * What the message box says instead of taking messages, when this factory's sessions send nothing
   * (a replay); empty when it takes messages.
   */
  default Optional<String> readOnly() {
    return Optional.empty();
  }

  /**
   * Trusts {@code workspace} in Claude's own file, as Claude's trust dialog would, and returns that
   * file. Slow (it waits for Claude's lock): called off the GUI thread.
   *
   * @throws Exception when it could not be written; the message is shown to the user
   */
  default Path trust(Path workspace) throws Exception {
    throw new UnsupportedOperationException("trusting a workspace is not available here");
  }

  /**
   * Session {@code sessionId}'s entries of the decision ledger, oldest first. Slow (it reads
   * files): called off the GUI thread.
   */
  default LedgerReader.Reading decisions(String sessionId) throws Exception {
    return new LedgerReader.Reading(List.of(), 0, 0);
  }
}
