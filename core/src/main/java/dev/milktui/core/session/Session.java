package dev.milktui.core.session;

import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.grants.GrantException;
import dev.milktui.core.grants.SavedGrants;
import java.util.Optional;

/**
 * One Claude conversation, whatever runs it (a long-lived stream-json process, a process per turn,
 * or a recorded transcript). Commands return at once; everything that follows arrives as {@link
 * dev.milktui.core.event.SessionEvent}s on the listener given at creation.
 */
public interface Session extends AutoCloseable {

  /** Sends a user message; while a turn runs it is queued and becomes the next turn. */
  void send(String text);

  /** Stops the running turn; the session stays usable. */
  void interrupt();

  /** Switches the permission mode live (e.g. "acceptEdits"); applies to later processes too. */
  void setPermissionMode(String mode);

  /**
   * Persists the decision's grants when asked, then resumes the same session in a new process with
   * them and sends the retry message.
   *
   * @throws GrantException when the grants cannot be persisted; nothing was resumed then
   */
  void resumeWithGrants(GrantDecision decision) throws GrantException;

  /**
   * Resumes as {@link #resumeWithGrants} with grants the caller has saved already when the decision
   * asks to remember them (the UI saves on its own workers, bounded and cancellable): nothing is
   * written here. A session whose {@link #resumeWithGrants} saves must override this.
   *
   * @param saved what the caller's save wrote, for the decision ledger; empty when nothing was
   *     saved (the grants are for this session only)
   * @throws GrantException when the grants cannot be applied; nothing was resumed then
   */
  default void resumeWithSavedGrants(GrantDecision decision, Optional<SavedGrants> saved)
      throws GrantException {
    resumeWithGrants(decision);
  }

  /** Stops one task running in claude (a background agent), by its task id. */
  default void stopTask(String taskId) {}

  /**
   * Answers {@link dev.milktui.core.event.SessionEvent.RestartWaitsForTasks}: stops the running
   * tasks and restarts claude now instead of waiting for them.
   */
  default void stopTasksAndGoOn() {}

  /** The session id once the CLI has reported one. */
  Optional<String> sessionId();

  /**
   * True while a turn runs (one the user sent or one claude started by itself) or a message sent
   * has not been answered yet.
   */
  boolean busy();

  /**
   * Ends the session and returns at once: the process is stopped (stdin closed, a short grace, then
   * ended with its descendants) in the background. Idempotent.
   */
  @Override
  void close();
}
