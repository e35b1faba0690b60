package dev.milktui.app;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code <claude> --version} and reads the version, never waiting longer than the timeout.
 * Output goes to a temporary file rather than a pipe: a child that leaves a background process
 * holding the pipe open cannot then make us wait for end-of-file.
 */
final class ClaudeVersionProbe {

  // The JavaScript CLIs (2.0.x) took up to 10 s to answer on a busy 2-core machine: a slow answer
  // is not a broken claude, and a refusal to start costs the user more than a wait.
  static final Duration TIMEOUT = Duration.ofSeconds(30);

  private ClaudeVersionProbe() {}

  /** The version, or an IOException saying why there is none (cannot start, timeout, exit code). */
  static ClaudeVersion run(Path claude, Duration timeout) throws IOException {
    Path output = Files.createTempFile("milk-tui-claude-version", ".txt");
    try {
      Process process =
          new ProcessBuilder(claude.toString(), "--version")
              .redirectErrorStream(true)
              .redirectOutput(output.toFile())
              .start();
      process.getOutputStream().close();
      if (!waitFor(process, timeout)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        throw new IOException("no answer within " + timeout.toSeconds() + " s");
      }
      String text = new String(Files.readAllBytes(output), StandardCharsets.UTF_8).strip();
      if (process.exitValue() != 0) {
        throw new IOException("exit code " + process.exitValue() + ": " + firstLine(text));
      }
      return ClaudeVersion.parse(text)
          .orElseThrow(() -> new IOException("no version in its output: " + firstLine(text)));
    } finally {
      Files.deleteIfExists(output);
    }
  }

  private static boolean waitFor(Process process, Duration timeout) throws IOException {
    try {
      return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
      throw new IOException("interrupted", e);
    }
  }

  private static String firstLine(String text) {
    return text.isEmpty() ? "(nothing)" : text.lines().findFirst().orElse("");
  }
}
