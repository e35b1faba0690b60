package dev.milktui.core.grants;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Turns a directory as a user typed it into the form stored in {@code additionalDirectories}:
 * absolute, {@code ~} expanded, {@code .} and {@code ..} resolved. Symbolic links are deliberately
 * kept: the stored path is the one the user chose and saw in the dialog, and re-pointing a link
 * (e.g. a "current" release directory) should move the grant with it. Also the one place that says
 * which directories are broad: {@code /}, a home directory and every directory above it (the user's
 * homes are the password database's and {@code $HOME}: a guard on one only is passed by the other).
 */
public final class DirectoryPaths {

  private final Path home;
  // Every home the user has: the password database's and $HOME, which may differ.
  private final List<Path> homes;

  public DirectoryPaths(Path home) {
    this(home, List.of());
  }

  /**
   * @param home where {@code ~} leads
   * @param otherHomes further directories that count as a home for {@link #isBroad}
   */
  public DirectoryPaths(Path home, List<Path> otherHomes) {
    this.home = home.toAbsolutePath().normalize();
    List<Path> all = new ArrayList<>();
    all.add(this.home);
    for (Path other : otherHomes) {
      Path normal = other.toAbsolutePath().normalize();
      if (!all.contains(normal)) {
        all.add(normal);
      }
    }
    this.homes = List.copyOf(all);
  }

  /**
   * For the user running milk-tui: {@code ~} is {@code home} (as Claude is told), and the password
   * database's home (Java's {@code user.home}) and {@code $HOME} are broad too.
   */
  public static DirectoryPaths forHome(Path home) {
    List<Path> others = new ArrayList<>();
    others.add(Path.of(System.getProperty("user.home")));
    String variable = System.getenv("HOME");
    if (variable != null && !variable.isBlank() && Path.of(variable).isAbsolute()) {
      others.add(Path.of(variable));
    }
    return new DirectoryPaths(home, others);
  }

  /** For the user running milk-tui. */
  public static DirectoryPaths ofUser() {
    return forHome(Path.of(System.getProperty("user.home")));
  }

  public Path home() {
    return home;
  }

  /**
   * Normalises {@code typed}; relative paths resolve against {@code base}.
   *
   * @throws IllegalArgumentException when {@code typed} is empty or not a path; the message says
   *     why
   */
  public Path normalise(String typed, Path base) {
    String text = typed.strip();
    if (text.isEmpty()) {
      throw new IllegalArgumentException("empty directory");
    }
    Path path;
    try {
      if (text.equals("~")) {
        path = home;
      } else if (text.startsWith("~/")) {
        path = home.resolve(text.substring(2));
      } else if (text.startsWith("~")) {
        throw new IllegalArgumentException("only ~ and ~/ are expanded, not " + text);
      } else {
        path = base.resolve(text);
      }
    } catch (java.nio.file.InvalidPathException e) {
      throw new IllegalArgumentException("not a valid directory: " + text, e);
    }
    return path.toAbsolutePath().normalize();
  }

  /**
   * Whether granting {@code directory} would reach the whole file system or all of the user's
   * files: {@code /}, the home directory, or any directory above home ({@code /home}, {@code
   * /Users}), literally or through links.
   */
  public boolean isBroad(Path directory) {
    Path dir = directory.toAbsolutePath().normalize();
    if (dir.getParent() == null) {
      return true;
    }
    for (Path each : homes) {
      if (each.startsWith(dir) || holdsThroughLinks(dir, each)) {
        return true;
      }
    }
    return false;
  }

  private static boolean holdsThroughLinks(Path dir, Path home) {
    try {
      return Files.exists(dir)
          && Files.exists(home)
          && home.toRealPath().startsWith(dir.toRealPath());
    } catch (IOException e) {
      return false;
    }
  }

  /** Whether {@code path} names {@code other}, literally or through links. */
  static boolean sameDirectory(Path path, Path other) {
    if (path.equals(other.toAbsolutePath().normalize())) {
      return true;
    }
    try {
      return Files.exists(path) && Files.exists(other) && Files.isSameFile(path, other);
    } catch (IOException e) {
      return false;
    }
  }

  /** Why {@code directory} may not be granted, if it may not. */
  Optional<String> problem(Path directory, boolean allowBroad) {
    if (!Files.isDirectory(directory)) {
      return Optional.of("directory does not exist: " + directory);
    }
    if (allowBroad || !isBroad(directory)) {
      return Optional.empty();
    }
    String what =
        directory.getParent() == null
            ? "is the whole file system"
            : homes.stream().anyMatch(each -> sameDirectory(directory, each))
                ? "is the home directory itself"
                : "holds your home directory";
    return Optional.of(directory + " " + what + "; confirm to grant it");
  }
}
