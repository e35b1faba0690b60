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

  /** The real environment: {@code System.getenv()} and {@code user.home}. */
  public static Environment system() {
    return new Environment(System.getenv(), Path.of(System.getProperty("user.home")));
  }

  /** The variable's value; blank counts as unset, as it does for the CLI. */
  public Optional<String> variable(String name) {
    return Optional.ofNullable(variables.get(name)).filter(value -> !value.isBlank());
  }
}
