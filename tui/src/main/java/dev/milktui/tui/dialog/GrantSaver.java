package dev.milktui.tui.dialog;

import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.grants.GrantException;
import dev.milktui.core.grants.SavedGrants;

/**
 * Saves grants, exactly as a dialog showed them, to the one file milk-tui keeps them in (Claude's
 * user settings, the file {@code milk-tui grants list} shows): "allow always" rules and the grant
 * dialog's remembered rules and directories. The app wires this to the grants store, which saves a
 * wide rule only when it is among the decision's confirmed rules. Runs on a worker; an interrupt
 * ends a wait for a lock with nothing written.
 */
@FunctionalInterface
public interface GrantSaver {
  /**
   * @return the file written and what was added to it, as the store reported it
   * @throws GrantException when the grants could not be saved; the dialog shows why and stays open
   */
  SavedGrants save(GrantDecision decision) throws GrantException;

  /** Where {@link #save} writes, as the dialog names it: the file's path. */
  default String destination() {
    return "Claude's user settings";
  }
}
