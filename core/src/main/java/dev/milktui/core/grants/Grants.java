package dev.milktui.core.grants;

import java.util.List;

/**
 * The permission entries of one settings file, in file order: {@code permissions.allow}, {@code
 * ask}, {@code deny} and {@code additionalDirectories}. Entries that are not strings are left out.
 */
public record Grants(
    List<String> rules, List<String> ask, List<String> deny, List<String> directories) {

  public Grants {
    rules = List.copyOf(rules);
    ask = List.copyOf(ask);
    deny = List.copyOf(deny);
    directories = List.copyOf(directories);
  }

  static Grants none() {
    return new Grants(List.of(), List.of(), List.of(), List.of());
  }
}
