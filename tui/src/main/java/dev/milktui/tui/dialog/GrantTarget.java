package dev.milktui.tui.dialog;

import dev.milktui.core.grants.GrantDecision;
import java.nio.file.Path;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * Where the grant dialog's decision goes: the session's resume-with-grants command. Returns at
 * once; completes when the grants are saved (when asked) and the resume began, or fails with why (a
 * {@link dev.milktui.core.grants.GrantException}); the dialog shows the progress meanwhile.
 * Cancelling the returned stage stops the save and resumes nothing.
 */
@FunctionalInterface
public interface GrantTarget {
  /**
   * @param lockHeld told, on the saving thread, of a settings lock another program holds while the
   *     save waits for it
   */
  CompletionStage<Void> resume(GrantDecision decision, Consumer<Path> lockHeld);
}
