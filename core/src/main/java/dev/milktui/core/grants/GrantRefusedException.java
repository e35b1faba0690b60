package dev.milktui.core.grants;

import java.util.List;

/**
 * A grant request contained entries the store will not persist (baseline pre-approvals, broad
 * directories without confirmation, directories that do not exist, malformed rules). Nothing was
 * written: a request is accepted whole or not at all.
 */
public final class GrantRefusedException extends Exception {
  private static final long serialVersionUID = 1L;

  private final List<String> reasons;

  public GrantRefusedException(List<String> reasons) {
    super("Grant refused: " + String.join("; ", reasons));
    this.reasons = List.copyOf(reasons);
  }

  public List<String> reasons() {
    return reasons;
  }
}
