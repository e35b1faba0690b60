package dev.milktui.tui.dialog;

import dev.milktui.core.session.GrantDecision;
import dev.milktui.core.session.GrantException;

/** Where the grant dialog's decision goes: the session's resume-with-grants command. */
@FunctionalInterface
public interface GrantTarget {
  void resume(GrantDecision decision) throws GrantException;
}
