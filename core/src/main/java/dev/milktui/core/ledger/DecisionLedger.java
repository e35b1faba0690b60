package dev.milktui.core.ledger;

import java.util.Optional;

/** Where decisions go, each before claude hears of it. */
public interface DecisionLedger {
  DecisionLedger NONE = decision -> Optional.empty();

  /**
   * Writes {@code decision} and returns once it is on disk, or once waiting for that has taken too
   * long. Never throws.
   *
   * @return what the user must be told about the ledger, the first time a write fails or stalls;
   *     empty otherwise
   */
  Optional<String> record(Decision decision);
}
