package dev.milktui.core.grants;

import java.util.List;

/** What a grant changed, in request order; directories in the normalised form that was stored. */
public record GrantResult(
    List<String> addedRules,
    List<String> alreadyPresentRules,
    List<String> addedDirectories,
    List<String> alreadyPresentDirectories) {

  public GrantResult {
    addedRules = List.copyOf(addedRules);
    alreadyPresentRules = List.copyOf(alreadyPresentRules);
    addedDirectories = List.copyOf(addedDirectories);
    alreadyPresentDirectories = List.copyOf(alreadyPresentDirectories);
  }

  public boolean changedAnything() {
    return !addedRules.isEmpty() || !addedDirectories.isEmpty();
  }
}
