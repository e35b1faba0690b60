package dev.milktui.core.grants;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/**
 * Turns a directory as a user typed it into the form stored in {@code additionalDirectories}:
 * absolute, {@code ~} expanded, {@code .} and {@code ..} resolved. Symbolic links are deliberately
 * kept: the stored path is the one the user chose and saw in the dialog, and re-pointing a link
 * (e.g. a "current" release directory) should move the grant with it. Also the one place that says
 * which directories are broad: {@code /}, the home directory and every directory above it. The user
 * has two homes when {@code $HOME} and the password database differ (claude and {@code ~} follow
 * the first, Java's {@code user.home} the second): both are guarded.
 */
public final class DirectoryPaths {

  private final Path home;
  private final List<Path> homes;

  public DirectoryPaths(Path home) {
    this(home, List.of());
  }

  /**
   * @param home where {@code ~} leads
   * @param otherHomes further homes of the same user, guarded as broad like {@code home}
   */
  public DirectoryPaths(Path home, Collection<Path> otherHomes) {
    this.home = home.toAbsolutePath().normalize();
    LinkedHashSet<Path> all = new LinkedHashSet<>();
    all.add(this.home);
    otherHomes.forEach(other -> all.add(other.toAbsolutePath().normalize()));
    this.homes = List.copyOf(all);
  }

  /** For the user running milk-tui: {@code ~} is {@code $HOME}, as claude reads it. */
  public static DirectoryPaths ofUser() {
    return ofUser(System.getenv("HOME"), System.getProperty("user.home"));
  }

  static DirectoryPaths ofUser(String environmentHome, String passwordDatabaseHome) {
    Path passwd = Path.of(passwordDatabaseHome);
    if (environmentHome == null || environmentHome.isBlank()) {
      return new DirectoryPaths(passwd);
    }
    Path variable = Path.of(environmentHome);
    return variable.isAbsolute()
        ? new DirectoryPaths(variable, List.of(passwd))
        : new DirectoryPaths(passwd);
  }

  /**
   * {@code home} as where {@code ~} leads, with the running user's own homes still guarded: a
   * settings store for another home never makes the user's real home an ordinary directory.
   */
  public static DirectoryPaths forHome(Path home) {
    List<Path> others = new ArrayList<>(ofUser().homes);
    return new DirectoryPaths(home, others);
  }

  /** Every home guarded, {@link #home()} first. */
  public List<Path> homes() {
    return homes;
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
    return dir.getParent() == null || homes.stream().anyMatch(home -> holds(dir, home));
  }

  private static boolean holds(Path dir, Path home) {
    if (home.startsWith(dir)) {
      return true;
    }
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
      return Optional.of(notADirectory(directory));
    }
    if (allowBroad || !isBroad(directory)) {
      return Optional.empty();
    }
    String what =
        directory.getParent() == null
            ? "is the whole file system"
            : homes.stream().anyMatch(home -> sameDirectory(directory, home))
                ? "is the home directory itself"
                : "holds your home directory";
    return Optional.of(directory + " " + what + "; confirm to grant it");
  }

  /**
   * Why {@code directory} is no directory, in words: missing, something else, or a name that could
   * not be read in the system's encoding (its bytes are not valid UTF-8, say), which Java shows
   * with U+FFFD and can then never find by that name.
   */
  public static String notADirectory(Path directory) {
    if (isUnreadableName(directory)) {
      return "the name "
          + directory
          + " is not valid in this system's encoding ("
          + System.getProperty("sun.jnu.encoding", "unknown")
          + "; the bytes shown as \uFFFD), so it cannot be opened by name; rename it or grant a"
          + " folder above it";
    }
    if (Files.exists(directory)) {
      return "not a directory: " + directory;
    }
    return "directory does not exist: " + directory;
  }

  /**
   * Whether {@code path} is a name Java could not decode (U+FFFD stands for the bytes) and that
   * does not exist as written: looking it up again by this name can never find it.
   */
  public static boolean isUnreadableName(Path path) {
    return path.toString().indexOf('\uFFFD') >= 0 && !Files.exists(path);
  }
}
