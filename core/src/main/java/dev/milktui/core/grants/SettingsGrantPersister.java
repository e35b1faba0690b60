package dev.milktui.core.grants;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.tinylog.Logger;

/**
 * Saves what the user ticked in a grant dialog to Claude's user settings. Only the rules the user
 * explicitly chose count as confirmed (so a tool-wide baseline rule needs that choice); the others
 * are suggestions, and the store still refuses the working directory, {@code /tmp}, anything tagged
 * as baseline and broad directories the user did not confirm.
 */
public final class SettingsGrantPersister implements GrantPersister {
  private final SettingsStore store;
  private final Path workingDirectory;

  public SettingsGrantPersister(SettingsStore store, Path workingDirectory) {
    this.store = store;
    this.workingDirectory = workingDirectory;
  }

  @Override
  public SavedGrants persist(GrantDecision decision) throws GrantException {
    List<RuleGrant> rules =
        decision.rules().stream()
            .map(
                rule ->
                    decision.confirmedRules().contains(rule)
                        ? RuleGrant.userConfirmed(rule)
                        : RuleGrant.suggested(rule))
            .toList();
    List<String> directories = decision.directories().stream().map(Path::toString).toList();
    GrantRequest request =
        new GrantRequest(
            rules, directories, Optional.of(workingDirectory), decision.broadConfirmed());
    try {
      GrantResult result = store.grant(request);
      Logger.info("saved grants to {}: {}", store.file(), result);
      return new SavedGrants(store.file(), result);
    } catch (SettingsException | GrantRefusedException e) {
      throw new GrantException(e.getMessage(), e);
    }
  }
}
