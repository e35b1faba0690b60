package dev.milktui.core.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Finds the pinned real {@code claude} CLI and builds the environment for running it offline
 * against {@link FakeAnthropicApi}. A missing CLI fails the test loudly: CI must run these tests.
 */
public final class RealClaude {
  /** Few retries, so a scripted API error ends a run in seconds rather than minutes. */
  public static final int DEFAULT_MAX_RETRIES = 2;

  /** Inherited variables that would point the CLI elsewhere or make it act as a nested session. */
  /** The developer's own Claude, API and XDG folders never reach a test's process. */
  private static final List<String> DROPPED_PREFIXES = List.of("ANTHROPIC_", "CLAUDE", "XDG_");

  private static final List<String> PROXY_VARIABLES =
      List.of("http_proxy", "https_proxy", "all_proxy");

  /**
   * {@code scripts/install-claude} for each version asked for, started once and run on a thread of
   * its own: a test that times out while it runs does not stop it, the next test waits for the same
   * run, and a failure (npm's message in it) is kept, so every later test fails at once with the
   * same reason instead of installing again.
   */
  private static final Map<String, CompletableFuture<Path>> INSTALLS = new HashMap<>();

  private RealClaude() {}

  /**
   * The binary: {@code -Dmilk.claudeBin}, else {@code $MILK_CLAUDE_BIN}, else the project's {@code
   * .claude-cli/} as {@code scripts/install-claude} leaves it. The script runs once per JVM even
   * when the binary is there, because it is also what checks the pinned version.
   */
  public static Path binary() {
    String configured = System.getProperty("milk.claudeBin", System.getenv("MILK_CLAUDE_BIN"));
    if (configured != null && !configured.isBlank()) {
      Path path = Path.of(configured);
      if (!Files.isExecutable(path)) {
        throw new IllegalStateException(
            "milk.claudeBin / MILK_CLAUDE_BIN is not executable: " + path);
      }
      return path;
    }
    return installed(null);
  }

  /**
   * The CLI of {@code version} as {@code scripts/install-claude VERSION} installs it under the
   * project's {@code .claude-cli/versions/} (the pinned version is the one {@link #binary()}
   * finds), installed on first use; {@code latest} is whatever npm calls the newest.
   */
  public static Path binary(String version) {
    return version.equals(System.getProperty("milk.claudeVersion")) ? binary() : installed(version);
  }

  private static Path installed(String version) {
    CompletableFuture<Path> install;
    synchronized (INSTALLS) {
      install =
          INSTALLS.computeIfAbsent(
              version == null ? "" : version,
              key -> {
                CompletableFuture<Path> run = new CompletableFuture<>();
                Thread thread =
                    new Thread(
                        () -> {
                          try {
                            run.complete(install(projectRoot(), version));
                          } catch (RuntimeException e) {
                            run.completeExceptionally(e);
                          }
                        },
                        "install-claude-" + (version == null ? "pinned" : version));
                thread.setDaemon(true);
                thread.start();
                return run;
              });
    }
    try {
      return install.get();
    } catch (ExecutionException e) {
      throw e.getCause() instanceof IllegalStateException failure
          ? failure
          : new IllegalStateException("scripts/install-claude failed", e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(
          "interrupted while waiting for scripts/install-claude; it goes on for the next test", e);
    }
  }

  /** The reactor root: {@code -Dmilk.projectRoot} (set by Maven), else found above the cwd. */
  public static Path projectRoot() {
    String configured = System.getProperty("milk.projectRoot");
    if (configured != null && !configured.isBlank()) {
      return Path.of(configured);
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("scripts/install-claude"))) {
        return dir;
      }
    }
    throw new IllegalStateException(
        "cannot find the project root: set -Dmilk.projectRoot (Maven does) or run below it");
  }

  /** {@link #environment(Path, Path, String, int)} with {@link #DEFAULT_MAX_RETRIES}. */
  public static Map<String, String> environment(Path configDir, Path home, String baseUrl) {
    return environment(configDir, home, baseUrl, DEFAULT_MAX_RETRIES);
  }

  /**
   * The complete environment for an offline run: replace the child's environment with it (it starts
   * from this JVM's, minus anything that would leak the developer's own Claude setup).
   */
  public static Map<String, String> environment(
      Path configDir, Path home, String baseUrl, int maxRetries) {
    return environment(System.getenv(), configDir, home, baseUrl, maxRetries);
  }

  static Map<String, String> environment(
      Map<String, String> inherited, Path configDir, Path home, String baseUrl, int maxRetries) {
    Map<String, String> env = new HashMap<>(inherited);
    env.keySet()
        .removeIf(
            name ->
                DROPPED_PREFIXES.stream().anyMatch(name::startsWith)
                    || PROXY_VARIABLES.contains(name.toLowerCase(Locale.ROOT)));
    env.putIfAbsent("PATH", "/usr/local/bin:/usr/bin:/bin");
    env.put("HOME", home.toString());
    env.putAll(xdgFolders(home));
    env.put("CLAUDE_CONFIG_DIR", configDir.toString());
    env.put("ANTHROPIC_BASE_URL", baseUrl);
    env.put("ANTHROPIC_API_KEY", "sk-test-dummy");
    // Without this the CLI resolves api.anthropic.com and probes /api/hello (protocol.md §1).
    env.put("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1");
    env.put("DISABLE_TELEMETRY", "1");
    env.put("DISABLE_AUTOUPDATER", "1");
    env.put("DISABLE_ERROR_REPORTING", "1");
    env.put("CLAUDE_CODE_MAX_RETRIES", Integer.toString(maxRetries));
    return env;
  }

  /** Runs {@code scripts/install-claude [VERSION]} and takes the path on its last line. */
  private static Path install(Path root, String version) {
    Path script = root.resolve("scripts/install-claude");
    String wanted = version == null ? System.getProperty("milk.claudeVersion") : version;
    String advice =
        "; the real-CLI tests need it: install npm, or point -Dmilk.claudeBin / MILK_CLAUDE_BIN"
            + " at a claude "
            + (wanted == null ? "" : wanted + " ")
            + "binary";
    try {
      Path errors = Files.createTempFile("install-claude-", ".stderr");
      try {
        List<String> command = new ArrayList<>(List.of(script.toString()));
        if (version != null) {
          command.add(version);
        }
        ProcessBuilder builder =
            new ProcessBuilder(command)
                .directory(root.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .redirectError(errors.toFile());
        Process process = builder.start();
        String stdout = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(10, TimeUnit.MINUTES)) {
          process.destroyForcibly();
          throw new IllegalStateException(script + " did not finish in 10 minutes" + advice);
        }
        List<String> lines = stdout.lines().filter(line -> !line.isBlank()).toList();
        Path binary = lines.isEmpty() ? null : Path.of(lines.get(lines.size() - 1).strip());
        if (process.exitValue() != 0 || binary == null || !Files.isExecutable(binary)) {
          throw new IllegalStateException(
              String.join(" ", command)
                  + " exited "
                  + process.exitValue()
                  + " without a usable binary ("
                  + Files.readString(errors).strip()
                  + ")"
                  + advice);
        }
        return binary;
      } finally {
        Files.deleteIfExists(errors);
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot run " + script + advice, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running " + script, e);
    }
  }

  /**
   * The XDG base folders at their usual places under {@code home}: milk-tui's state (sessions,
   * history, logs, locks) and config of a test stay in the test's own home.
   */
  public static Map<String, String> xdgFolders(Path home) {
    return Map.of(
        "XDG_CONFIG_HOME", home.resolve(".config").toString(),
        "XDG_STATE_HOME", home.resolve(".local/state").toString(),
        "XDG_CACHE_HOME", home.resolve(".cache").toString(),
        "XDG_DATA_HOME", home.resolve(".local/share").toString());
  }
}
