package dev.milktui.core.grants;

import java.util.List;

/** What a revoke changed, in request order. */
public record RevokeResult(
    List<String> removedRules,
    List<String> notFoundRules,
    List<String> removedDirectories,
    List<String> notFoundDirectories) {

  public RevokeResult {
    removedRules = List.copyOf(removedRules);
    notFoundRules = List.copyOf(notFoundRules);
    removedDirectories = List.copyOf(removedDirectories);
    notFoundDirectories = List.copyOf(notFoundDirectories);
  }

  public boolean changedAnything() {
    return !removedRules.isEmpty() || !removedDirectories.isEmpty();
  }
}
