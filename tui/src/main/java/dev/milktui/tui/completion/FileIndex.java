package dev.milktui.tui.completion;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.tinylog.Logger;

/**
 * The files (and their folders) under the working directory that {@code @} can name, relative to
 * it, as Claude Code names them. In a git work tree, git's own list (tracked and untracked, what
 * {@code .gitignore} excludes left out); elsewhere a bounded walk that skips hidden folders. The
 * listing always runs on {@code executor}, never on the caller's (UI) thread; {@code onReady} is
 * called there when a new list is in, and {@link #files} returns the last one meanwhile.
 */
public final class FileIndex {
  static final int MAX_FILES = 20_000;
  private static final int MAX_DEPTH = 12;

  private final Path root;
  private final Executor executor;
  private final Runnable onReady;
  private final AtomicBoolean loading = new AtomicBoolean();
  private volatile List<String> files = List.of();

  public FileIndex(Path root, Executor executor, Runnable onReady) {
    this.root = root;
    this.executor = executor;
    this.onReady = onReady;
  }

  public Path root() {
    return root;
  }

  /** The last list (empty before the first is in). */
  public List<String> files() {
    return files;
  }

  /** Lists the files again in the background, unless a listing is already under way. */
  public void refresh() {
    if (loading.compareAndSet(false, true)) {
      executor.execute(
          () -> {
            try {
              files = list(root);
            } catch (RuntimeException e) {
              Logger.warn(e, "could not list the files for @ completion");
            } finally {
              loading.set(false);
            }
            onReady.run();
          });
    }
  }

  /** Every file and folder under {@code root}, relative, folders ending in "/". */
  static List<String> list(Path root) {
    List<String> paths = gitFiles(root);
    if (paths == null) {
      paths = walk(root);
    }
    TreeSet<String> all = new TreeSet<>();
    for (String path : paths) {
      all.add(path);
      for (int slash = path.indexOf('/'); slash > 0; slash = path.indexOf('/', slash + 1)) {
        all.add(path.substring(0, slash + 1));
      }
    }
    return List.copyOf(all);
  }

  /**
   * git's list of the folder. The folder's {@code .git/config} is the user's project, not the user:
   * a planted {@code core.fsmonitor} is a command git would run to list files, so it is off, and no
   * hook may run either.
   */
  static final List<String> GIT_LIST =
      List.of(
          "git",
          "-c",
          "core.fsmonitor=false",
          "-c",
          "core.hooksPath=/dev/null",
          "ls-files",
          "--cached",
          "--others",
          "--exclude-standard",
          "-z");

  /** git's list, or null when {@code root} is not in a work tree or git is missing. */
  private static List<String> gitFiles(Path root) {
    return gitFiles(root, MAX_FILES);
  }

  /**
   * The first {@code max} paths of git's list, read as they come: a huge tree's list is never held
   * whole, and git is ended once there are enough.
   */
  static List<String> gitFiles(Path root, int max) {
    try {
      Process git =
          new ProcessBuilder(GIT_LIST)
              .directory(root.toFile())
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
      git.getOutputStream().close();
      List<String> paths = new ArrayList<>();
      try (InputStream out = new BufferedInputStream(git.getInputStream())) {
        ByteArrayOutputStream path = new ByteArrayOutputStream();
        for (int b = out.read(); b != -1 && paths.size() < max; b = out.read()) {
          if (b != 0) {
            path.write(b);
          } else if (path.size() > 0) {
            paths.add(path.toString(StandardCharsets.UTF_8));
            path.reset();
          }
        }
      }
      if (paths.size() >= max) {
        git.destroy();
        return paths;
      }
      if (!git.waitFor(10, TimeUnit.SECONDS)) {
        git.destroyForcibly();
        return null;
      }
      return git.exitValue() == 0 ? paths : null;
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  private static List<String> walk(Path root) {
    List<String> paths = new ArrayList<>();
    try {
      Files.walkFileTree(
          root,
          java.util.EnumSet.noneOf(java.nio.file.FileVisitOption.class),
          MAX_DEPTH,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
              return !dir.equals(root) && dir.getFileName().toString().startsWith(".")
                  ? FileVisitResult.SKIP_SUBTREE
                  : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
              if (attrs.isRegularFile()) {
                paths.add(root.relativize(file).toString().replace('\\', '/'));
              }
              return paths.size() >= MAX_FILES
                  ? FileVisitResult.TERMINATE
                  : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      Logger.warn(e, "could not walk {}", root);
    }
    return paths;
  }
}
