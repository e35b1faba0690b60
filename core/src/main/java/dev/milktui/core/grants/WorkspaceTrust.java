package dev.milktui.core.grants;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Workspace trust as Claude records it in {@code .claude.json}: {@code projects["<real
 * path>"].hasTrustDialogAccepted}. Without it the CLI drops a project's {@code
 * .claude/settings.json} permissions. The file is Claude's busiest state file, so it goes through
 * the same locked, atomic, loss-free update as the settings.
 */
public final class WorkspaceTrust {

  private static final String PROJECTS = "projects";
  private static final String ACCEPTED = "hasTrustDialogAccepted";

  private final LockedJsonFile claudeJson;

  public WorkspaceTrust(Path claudeJson) {
    this.claudeJson = new LockedJsonFile(claudeJson);
  }

  public Path file() {
    return claudeJson.file();
  }

  /** Whether exactly this directory was trusted (the CLI keys projects by real path). */
  public boolean isTrusted(Path directory) throws SettingsException {
    JsonNode project = claudeJson.read().path(PROJECTS).path(key(directory));
    return project.path(ACCEPTED).asBoolean(false);
  }

  /** Trusts the directory; returns false when it already was. Other project state is kept. */
  public boolean trust(Path directory) throws SettingsException {
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
