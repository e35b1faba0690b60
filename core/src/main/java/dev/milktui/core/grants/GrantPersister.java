package dev.milktui.core.grants;

/** Saves a grant decision to Claude's user settings (wired to the grants store by the app). */
@FunctionalInterface
public interface GrantPersister {
  /**
   * @return the file written and what was added to it
   */
  SavedGrants persist(GrantDecision decision) throws GrantException;

  /** For sessions where nothing may be persisted: every attempt fails with a clear message. */
  GrantPersister REFUSE =
      decision -> {
        throw new GrantException("This session cannot save grants to Claude's settings.");
      };
}
