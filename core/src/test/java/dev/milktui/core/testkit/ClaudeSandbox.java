package dev.milktui.core.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A throw-away world for one real CLI run: {@code home/}, the config dir {@code home/.claude/}
 * (empty, so no workspace is trusted and no settings apply) and the working dir {@code work/}.
 * Paths are real paths, as the CLI reports them.
 */
public final class ClaudeSandbox implements AutoCloseable {
  private final Path root;

  private ClaudeSandbox(Path root) {
    this.root = root;
  }

  public static ClaudeSandbox create() {
    try {
      Path root = Files.createTempDirectory("milk-claude-").toRealPath();
      Files.createDirectories(root.resolve("home/.claude"));
      Files.createDirectories(root.resolve("work"));
      return new ClaudeSandbox(root);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a sandbox for the claude CLI", e);
    }
  }

  public Path root() {
    return root;
  }

  public Path home() {
    return root.resolve("home");
  }

  /** {@code CLAUDE_CONFIG_DIR}: settings.json, .claude.json and session transcripts live here. */
  public Path configDir() {
    return home().resolve(".claude");
  }

  /** The CLI's working directory. */
  public Path workDir() {
    return root.resolve("work");
  }

  public Map<String, String> environment(String baseUrl) {
    return RealClaude.environment(configDir(), home(), baseUrl);
  }

  /**
   * {@code claude ARGS} in {@link #workDir()} with only the offline environment; stdin stays a pipe
   * unless the caller redirects it.
   */
  public ProcessBuilder processBuilder(String baseUrl, String... args) {
    List<String> command = new ArrayList<>();
    command.add(RealClaude.binary().toString());
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).directory(workDir().toFile());
    builder.environment().clear();
    builder.environment().putAll(environment(baseUrl));
    return builder;
  }

  /**
   * Deletes the sandbox. A session closed just before is stopped in the background, and its claude
   * may still write a file or two there for a moment: the deletion is tried again for up to 5 s.
   */
  @Override
  public void close() {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (true) {
      try {
        delete();
        return;
      } catch (IOException e) {
        if (System.nanoTime() > deadline) {
          throw new UncheckedIOException("cannot delete the sandbox " + root, e);
        }
        try {
          Thread.sleep(100);
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw new UncheckedIOException("cannot delete the sandbox " + root, e);
        }
      }
    }
  }

  private void delete() throws IOException {
    try (Stream<Path> paths = Files.walk(root)) {
      List<Path> deepestFirst = paths.sorted(Comparator.reverseOrder()).toList();
      for (Path path : deepestFirst) {
        Files.deleteIfExists(path);
      }
    } catch (UncheckedIOException e) {
      // A file went away while the tree was being listed.
      throw e.getCause();
    }
  }
}
