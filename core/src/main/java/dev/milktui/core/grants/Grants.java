package dev.milktui.core.grants;

import java.util.List;

/**
 * The persisted grants, in file order: {@code permissions.allow} and {@code additionalDirectories}.
 */
public record Grants(List<String> rules, List<String> directories) {

  public Grants {
    rules = List.copyOf(rules);
    directories = List.copyOf(directories);
  }
}
