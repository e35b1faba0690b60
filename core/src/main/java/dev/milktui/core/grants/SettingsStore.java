package dev.milktui.core.grants;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Claude's user settings file, seen as a set of permission grants. Only {@code permissions.allow}
 * and {@code permissions.additionalDirectories} are ever changed; every other byte's meaning, key
 * order and array order survives (see {@link LockedJsonFile}).
 */
public final class SettingsStore {

  private static final String PERMISSIONS = "permissions";
  private static final String ALLOW = "allow";
  private static final String ASK = "ask";
  private static final String DENY = "deny";
  private static final String DIRECTORIES = "additionalDirectories";

  private final LockedJsonFile file;
  private final DirectoryPaths paths;
  private final GrantValidator validator;

  public SettingsStore(Path settingsFile, Path home) {
    this.file = new LockedJsonFile(settingsFile);
    this.paths = DirectoryPaths.forHome(home);
    this.validator = new GrantValidator(new GrantPolicy(paths));
  }

  public Path file() {
    return file.file();
  }

  /** Adds what is not there yet, appended after the existing entries. All or nothing. */
  public GrantResult grant(GrantRequest request) throws SettingsException, GrantRefusedException {
    GrantValidator.Cleared cleared = validator.check(request);
    if (cleared.rules().isEmpty() && cleared.directories().isEmpty()) {
      return new GrantResult(List.of(), List.of(), List.of(), List.of());
    }
    return file.update(
        root -> {
          ObjectNode permissions = permissions(root, true);
          List<String> addedRules = new ArrayList<>();
          List<String> presentRules = new ArrayList<>();
          if (!cleared.rules().isEmpty()) {
            ArrayNode allow = array(permissions, ALLOW, true);
            for (String rule : cleared.rules()) {
              (addIfAbsent(allow, rule, rule::equals) ? addedRules : presentRules).add(rule);
            }
          }
          List<String> addedDirectories = new ArrayList<>();
          List<String> presentDirectories = new ArrayList<>();
          if (!cleared.directories().isEmpty()) {
            ArrayNode stored = array(permissions, DIRECTORIES, true);
            for (String directory : cleared.directories()) {
              Predicate<String> same = entry -> sameStoredDirectory(entry, directory);
              (addIfAbsent(stored, directory, same) ? addedDirectories : presentDirectories)
                  .add(directory);
            }
          }
          return new GrantResult(addedRules, presentRules, addedDirectories, presentDirectories);
        });
  }

  /**
   * Removes every occurrence of the given rules (exact text) and directories (compared after
   * normalisation, so {@code ~/x} revokes {@code /home/me/x}). Emptied arrays stay as {@code []}.
   */
  public RevokeResult revoke(List<String> rules, List<String> directories)
      throws SettingsException {
    return file.update(
        root -> {
          ObjectNode permissions = permissions(root, false);
          ArrayNode allow = permissions == null ? null : array(permissions, ALLOW, false);
          ArrayNode stored = permissions == null ? null : array(permissions, DIRECTORIES, false);
          List<String> removedRules = new ArrayList<>();
          List<String> missingRules = new ArrayList<>();
          for (String rule : rules) {
            if (!removeAll(allow, rule.strip()::equals, removedRules)) {
              missingRules.add(rule);
            }
          }
          List<String> removedDirectories = new ArrayList<>();
          List<String> missingDirectories = new ArrayList<>();
          for (String directory : directories) {
            Predicate<String> same = entry -> sameStoredDirectory(entry, directory);
            if (!removeAll(stored, same, removedDirectories)) {
              missingDirectories.add(directory);
            }
          }
          return new RevokeResult(
              removedRules, missingRules, removedDirectories, missingDirectories);
        });
  }

  /** The persisted entries; entries that are not strings are not grants milk-tui understands. */
  public Grants list() throws SettingsException {
    ObjectNode permissions = permissions(file.read(), false);
    if (permissions == null) {
      return Grants.none();
    }
    return new Grants(
        strings(array(permissions, ALLOW, false)),
        strings(array(permissions, ASK, false)),
        strings(array(permissions, DENY, false)),
        strings(array(permissions, DIRECTORIES, false)));
  }

  /** Whether {@code permissions.allow} holds exactly this rule. */
  public boolean allows(String rule) throws SettingsException {
    return list().rules().contains(rule.strip());
  }

  /** Whether {@code additionalDirectories} holds this directory (compared after normalisation). */
  public boolean hasDirectory(String directory) throws SettingsException {
    return list().directories().stream().anyMatch(stored -> sameStoredDirectory(stored, directory));
  }

  private ObjectNode permissions(ObjectNode root, boolean create) throws SettingsException {
    return JsonTypes.object(file.file(), root, PERMISSIONS, PERMISSIONS, create);
  }

  private ArrayNode array(ObjectNode permissions, String name, boolean create)
      throws SettingsException {
    return JsonTypes.array(file.file(), permissions, PERMISSIONS + "." + name, name, create);
  }

  private boolean sameStoredDirectory(String stored, String typed) {
    Path base = Path.of("").toAbsolutePath();
    try {
      return paths.normalise(stored, base).equals(paths.normalise(typed, base));
    } catch (IllegalArgumentException e) {
      return stored.equals(typed);
    }
  }

  private static boolean addIfAbsent(ArrayNode array, String value, Predicate<String> same) {
    for (JsonNode entry : array) {
      if (entry.isTextual() && same.test(entry.asText())) {
        return false;
      }
    }
    array.add(value);
    return true;
  }

  /** Removes the matching text entries into {@code removed}; whether there were any. */
  private static boolean removeAll(
      ArrayNode array, Predicate<String> matches, List<String> removed) {
    boolean found = false;
    for (int i = array == null ? -1 : array.size() - 1; i >= 0; i--) {
      JsonNode entry = array.get(i);
      if (entry.isTextual() && matches.test(entry.asText())) {
        removed.add(entry.asText());
        array.remove(i);
        found = true;
      }
    }
    return found;
  }

  private static List<String> strings(ArrayNode array) {
    List<String> values = new ArrayList<>();
    if (array != null) {
      array.forEach(
          entry -> {
            if (entry.isTextual()) {
              values.add(entry.asText());
            }
          });
    }
    return values;
  }
}
