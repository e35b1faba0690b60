package dev.milktui.tui.app;

import dev.milktui.core.grants.SavedGrants;
import java.util.Optional;

/**
 * How a save to Claude's settings reports to the dialog that asked for it (the grant dialog's
 * "remember", "allow always"), on the UI thread. Each save ends in exactly one of {@link #saved}
 * and {@link #notSaved}.
 */
public interface SaveProgress {
  /** What the save does now, in the one wording both dialogs show ("Saving to …", a lock). */
  void progress(String text);

  /**
   * Saved (or nothing needed saving) and applied: the dialog's answer goes on.
   *
   * @param written what the save wrote where; empty when nothing needed saving
   */
  void saved(Optional<SavedGrants> written);

  /** Nothing was saved nor applied: why (it failed, ran out of time, or was cancelled). */
  void notSaved(String why);
}
