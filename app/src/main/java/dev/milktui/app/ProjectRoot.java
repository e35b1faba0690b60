package dev.milktui.app;

import java.net.URISyntaxException;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Optional;

/**
 * The milk-tui checkout or install directory, where {@code scripts/} puts the project-local claude
 * ({@code .claude-cli/}): system property {@code milk.home}, else {@code $MILK_HOME}, else derived
 * from the running jar, which the build leaves at {@code <root>/app/target/milk-tui.jar}.
 */
final class ProjectRoot {

  static final String PROPERTY = "milk.home";
  static final String VARIABLE = "MILK_HOME";

  private ProjectRoot() {}

  static Optional<Path> find(Environment environment) {
    return find(Optional.ofNullable(System.getProperty(PROPERTY)), environment, runningJar());
  }

  static Optional<Path> find(
      Optional<String> property, Environment environment, Optional<Path> jar) {
    return property
        .filter(value -> !value.isBlank())
        .or(() -> environment.variable(VARIABLE))
        .map(Path::of)
        .or(() -> jar.flatMap(ProjectRoot::fromJar))
        .map(path -> path.toAbsolutePath().normalize());
  }

  /**
   * {@code <root>/app/target/<name>.jar} gives {@code <root>}; any other location gives nothing.
   */
  static Optional<Path> fromJar(Path jar) {
    Path target = jar.toAbsolutePath().normalize().getParent();
    if (!jar.toString().endsWith(".jar") || target == null || !named(target, "target")) {
      return Optional.empty();
    }
    Path module = target.getParent();
    if (module == null || !named(module, "app")) {
      return Optional.empty();
    }
    return Optional.ofNullable(module.getParent());
  }

  private static boolean named(Path path, String name) {
    return path.getFileName() != null && path.getFileName().toString().equals(name);
  }

  /** Where this class was loaded from, when that is a file (in tests it is a classes directory). */
  private static Optional<Path> runningJar() {
    CodeSource source = ProjectRoot.class.getProtectionDomain().getCodeSource();
    if (source == null || source.getLocation() == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(Path.of(source.getLocation().toURI()));
    } catch (URISyntaxException | IllegalArgumentException | FileSystemNotFoundException e) {
      return Optional.empty();
    }
  }
}
