package dev.milktui.core.grants;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Turns a directory as a user typed it into the form stored in {@code additionalDirectories}:
 * absolute, {@code ~} expanded, {@code .} and {@code ..} resolved. Symbolic links are deliberately
 * kept: the stored path is the one the user chose and saw in the dialog, and re-pointing a link
 * (e.g. a "current" release directory) should move the grant with it.
 */
final class DirectoryPaths {

  private final Path home;

  DirectoryPaths(Path home) {
    this.home = home.toAbsolutePath().normalize();
  }

  Path home() {
    return home;
  }

  /** Normalises {@code typed}; relative paths resolve against {@code base}. */
  Path normalise(String typed, Path base) {
    String text = typed.strip();
    if (text.isEmpty()) {
      throw new IllegalArgumentException("empty directory");
    }
    Path path;
    if (text.equals("~")) {
      path = home;
    } else if (text.startsWith("~/")) {
      path = home.resolve(text.substring(2));
    } else if (text.startsWith("~")) {
      throw new IllegalArgumentException("only ~ and ~/ are expanded, not " + text);
    } else {
      path = base.resolve(text);
    }
    return path.toAbsolutePath().normalize();
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
    if (!allowBroad && sameDirectory(directory, directory.getRoot())) {
      return Optional.of(directory + " is the whole file system; confirm to grant it");
    }
    if (!allowBroad && sameDirectory(directory, home)) {
      return Optional.of(directory + " is the home directory itself; confirm to grant it");
    }
    return Optional.empty();
  }
}
