package dev.milktui.tui.dialog;

import dev.milktui.core.session.GrantDecision;
import java.util.concurrent.CompletionStage;

/**
 * Where the grant dialog's decision goes: the session's resume-with-grants command. Returns at
 * once; completes when the grants are saved (when asked) and the resume began, or fails with why (a
 * {@link dev.milktui.core.session.GrantException}); the dialog shows the progress meanwhile.
 */
@FunctionalInterface
public interface GrantTarget {
  CompletionStage<Void> resume(GrantDecision decision);
}
