package dev.milktui.tui.dialog;

import dev.milktui.core.grants.GrantException;
import java.util.List;

/**
 * Saves "allow always" rules, exactly as the dialog showed them, to the one file milk-tui keeps
 * them in (Claude's user settings, the file {@code milk-tui grants list} shows). The app wires this
 * to the grants store, which saves a wide rule only when it is among {@code chosen}.
 */
@FunctionalInterface
public interface GrantSaver {
  /**
   * @param chosen the rules among {@code rules} the user picked or wrote themselves
   * @throws GrantException when the rules could not be saved; the dialog shows why and stays open
   */
  void save(List<String> rules, List<String> chosen) throws GrantException;

  /** Where {@link #save} writes, as the dialog names it: the file's path. */
  default String destination() {
    return "Claude's user settings";
  }
}
