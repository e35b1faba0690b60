package dev.milktui.app;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finds the {@code claude} binary to run: the one named explicitly, else {@code claude} on {@code
 * PATH}, else the project-local install {@code <project root>/.claude-cli/node_modules/.bin/claude}
 * that the setup script pins to the tested version.
 */
public final class ClaudeLocator {

  /** Where a binary was found, for messages. */
  public enum Source {
    OPTION("--claude"),
    PATH("PATH"),
    PROJECT("project install");

    private final String label;

    Source(String label) {
      this.label = label;
    }

    @Override
    public String toString() {
      return label;
    }
  }

  /** An executable {@code claude} and where it came from. */
  public record Found(Path path, Source source) {}

  static final String NAME = "claude";
  static final Path PROJECT_INSTALL = Path.of(".claude-cli", "node_modules", ".bin", NAME);

  private final String searchPath;
  private final Optional<Path> projectRoot;

  /**
   * @param searchPath the {@code PATH} value to search
   * @param projectRoot the milk-tui project root, when known
   */
  public ClaudeLocator(String searchPath, Optional<Path> projectRoot) {
    this.searchPath = searchPath;
    this.projectRoot = projectRoot;
  }

  /** Searches the environment's {@code PATH} and the project root milk-tui runs from. */
  public static ClaudeLocator of(Environment environment) {
    return new ClaudeLocator(
        environment.variable("PATH").orElse(""), ProjectRoot.find(environment));
  }

  /** The project-local install's path, whether or not it is there. */
  public Optional<Path> projectInstall() {
    return projectRoot.map(root -> root.resolve(PROJECT_INSTALL));
  }

  /**
   * The binary to run. An explicit path is never replaced by another: if it is not executable the
   * result is empty, since silently running a different claude would hide the mistake.
   */
  public Optional<Found> locate(Optional<Path> explicit) {
    if (explicit.isPresent()) {
      return explicit
          .filter(ClaudeLocator::isExecutable)
          .map(path -> new Found(path, Source.OPTION));
    }
    return onPath()
        .map(path -> new Found(path, Source.PATH))
        .or(
            () ->
                projectInstall()
                    .filter(ClaudeLocator::isExecutable)
                    .map(path -> new Found(path, Source.PROJECT)));
  }

  private Optional<Path> onPath() {
    for (String directory : searchPath.split(File.pathSeparator)) {
      // An empty entry means the current directory to a shell; running a claude from wherever
      // milk-tui was started is not something to do implicitly.
      if (directory.isBlank()) {
        continue;
      }
      try {
        Path candidate = Path.of(directory, NAME);
        if (isExecutable(candidate)) {
          return Optional.of(candidate);
        }
      } catch (InvalidPathException e) {
        // A malformed PATH entry names nothing; the shell skips it too.
      }
    }
    return Optional.empty();
  }

  private static boolean isExecutable(Path path) {
    return Files.isRegularFile(path) && Files.isExecutable(path);
  }
}
