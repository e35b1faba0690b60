package dev.milktui.tui.dialog;

import dev.milktui.core.session.GrantException;
import java.util.List;

/**
 * Saves "allow always" rules the user wrote or edited (the CLI's own suggestions are handed back to
 * the CLI instead). The app wires this to the grants store.
 */
@FunctionalInterface
public interface GrantSaver {
  /**
   * @throws GrantException when the rules could not be saved; the dialog shows why and stays open
   */
  void save(List<String> rules) throws GrantException;
}
