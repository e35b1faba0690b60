package dev.milktui.app;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The process environment the commands read (variables and home directory), passed in rather than
 * read from {@link System} so that tests can point Claude's files at a temporary directory.
 */
public record Environment(Map<String, String> variables, Path home) {

  public Environment {
    variables = Map.copyOf(variables);
  }

  /**
   * The real environment. Home is {@code $HOME} when set, as claude sees it (Java's {@code
   * user.home} comes from the password database and ignores it), else {@code user.home}.
   */
  public static Environment system() {
    Map<String, String> variables = System.getenv();
    String home = variables.get("HOME");
    return new Environment(
        variables,
        home != null && !home.isBlank() && Path.of(home).isAbsolute()
            ? Path.of(home)
            : Path.of(System.getProperty("user.home")));
  }

  /** The variable's value; blank counts as unset, as it does for the CLI. */
  public Optional<String> variable(String name) {
    return Optional.ofNullable(variables.get(name)).filter(value -> !value.isBlank());
  }
}
