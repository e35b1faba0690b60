package dev.milktui.core.why;

import java.nio.file.Path;
import java.util.List;

/**
 * Everything claude decides a call's permission from, gathered once ({@link SettingsGathering}):
 * the deny, ask and allow rules of every layer in force with their origins, the folders it works in
 * (the working directory, {@code additionalDirectories}, {@code --add-dir}), the permission mode,
 * and notes on what was left out and why (an untrusted workspace's project rules, an unreadable
 * file, a line that is no rule).
 */
public record PermissionSetup(
    Path workingDirectory,
    Path home,
    String mode,
    List<SourcedRule> deny,
    List<SourcedRule> ask,
    List<SourcedRule> allow,
    List<Path> directories,
    List<String> notes) {

  public PermissionSetup {
    deny = List.copyOf(deny);
    ask = List.copyOf(ask);
    allow = List.copyOf(allow);
    directories = List.copyOf(directories);
    notes = List.copyOf(notes);
  }

  /** Whether {@code file} lies in a folder claude works in. */
  public boolean inWorkingDirectories(Path file) {
    Path normal = file.toAbsolutePath().normalize();
    return directories.stream().anyMatch(normal::startsWith);
  }
}
