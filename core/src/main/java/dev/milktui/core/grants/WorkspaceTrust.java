package dev.milktui.core.grants;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Workspace trust as Claude records it in {@code .claude.json}: {@code projects["<real
 * path>"].hasTrustDialogAccepted}. Without it the CLI drops a project's {@code
 * .claude/settings.json} permissions. The file is Claude's busiest state file, so it goes through
 * the same locked, atomic, loss-free update as the settings. A trusted folder applies its project
 * settings to everything below it, so {@code /}, a home folder and the folders above it are refused
 * unless the caller was told so explicitly (Claude itself never trusts the home folder).
 */
public final class WorkspaceTrust {

  private static final String PROJECTS = "projects";
  private static final String ACCEPTED = "hasTrustDialogAccepted";

  private final LockedJsonFile claudeJson;
  private final DirectoryPaths paths;

  public WorkspaceTrust(Path claudeJson) {
    this(claudeJson, DirectoryPaths.ofUser());
  }

  public WorkspaceTrust(Path claudeJson, DirectoryPaths paths) {
    this.claudeJson = new LockedJsonFile(claudeJson);
    this.paths = paths;
  }

  public Path file() {
    return claudeJson.file();
  }

  /** Whether exactly this directory was trusted (the CLI keys projects by real path). */
  public boolean isTrusted(Path directory) throws SettingsException {
    JsonNode project = claudeJson.read().path(PROJECTS).path(key(directory));
    return project.path(ACCEPTED).asBoolean(false);
  }

  /**
   * Trusts the directory; returns false when it already was. Other project state is kept.
   *
   * @throws SettingsException for a broad directory ({@link DirectoryPaths#isBroad}), too
   */
  public boolean trust(Path directory) throws SettingsException {
    return trust(directory, false);
  }

  /** {@link #trust(Path)}, and with {@code allowBroad} also {@code /} or a home folder. */
  public boolean trust(Path directory, boolean allowBroad) throws SettingsException {
    if (!allowBroad && paths.isBroad(directory)) {
      throw new SettingsException(
          file(),
          "refused to trust "
              + directory
              + ": it is / or a home folder or holds one, and its project settings would apply to"
              + " everything below it (Claude itself never trusts the home folder); trust the"
              + " project's own folder");
    }
    String key = key(directory);
    return claudeJson.update(
        root -> {
          ObjectNode projects = JsonTypes.object(file(), root, PROJECTS, PROJECTS, true);
          ObjectNode project =
              JsonTypes.object(file(), projects, PROJECTS + "[\"" + key + "\"]", key, true);
          if (project.path(ACCEPTED).asBoolean(false)) {
            return false;
          }
          project.put(ACCEPTED, true);
          return true;
        });
  }

  private String key(Path directory) throws SettingsException {
    try {
      return directory.toRealPath().toString();
    } catch (IOException e) {
      throw new SettingsException(file(), "cannot trust " + directory + ": " + e.getMessage(), e);
    }
  }
}
