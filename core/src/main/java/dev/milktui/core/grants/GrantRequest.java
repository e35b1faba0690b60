package dev.milktui.core.grants;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What to add to {@code permissions}.
 *
 * @param rules rules for {@code permissions.allow}
 * @param directories directories for {@code permissions.additionalDirectories} as the user typed
 *     them ({@code ~} and relative paths allowed)
 * @param sessionWorkingDirectory the session's working directory, which the CLI always has and
 *     which is therefore refused; relative directories resolve against it (else against the
 *     process's working directory)
 * @param allowBroad the user confirmed that a broad directory ({@code /}, home or above) may be
 *     added
 */
public record GrantRequest(
    List<RuleGrant> rules,
    List<String> directories,
    Optional<Path> sessionWorkingDirectory,
    boolean allowBroad) {

  public GrantRequest {
    rules = List.copyOf(rules);
    directories = List.copyOf(directories);
  }

  public static GrantRequest of(RuleGrant... rules) {
    return new GrantRequest(List.of(rules), List.of(), Optional.empty(), false);
  }

  public GrantRequest withDirectories(String... added) {
    return new GrantRequest(rules, List.of(added), sessionWorkingDirectory, allowBroad);
  }

  public GrantRequest inSession(Path workingDirectory) {
    return new GrantRequest(rules, directories, Optional.of(workingDirectory), allowBroad);
  }

  public GrantRequest allowingBroadDirectories() {
    return new GrantRequest(rules, directories, sessionWorkingDirectory, true);
  }
}
