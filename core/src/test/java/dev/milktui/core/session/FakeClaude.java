package dev.milktui.core.session;

import dev.milktui.core.testkit.StandInClaude;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A stand-in {@code claude}: a shell script that records its argv and stdin under a log folder and
 * then behaves as the test's script body says. For the failure modes the real CLI cannot be made to
 * show on demand (exits, garbage, hangs).
 */
final class FakeClaude {
  final Path executable;
  final Path log;

  private FakeClaude(Path executable, Path log) {
    this.executable = executable;
    this.log = log;
  }

  /**
   * @param body bash that runs after the preamble; {@code $LOG} is the log folder and each input
   *     line read with {@code next_line} (into {@code $LINE}) is appended to the run's stdin log;
   *     {@code next_line} skips the session's context-usage requests
   */
  static FakeClaude script(Path dir, String body) {
    try {
      Path log = Files.createDirectories(dir.resolve("log"));
      Path executable = dir.resolve("claude");
      String preamble =
          "#!/usr/bin/env bash\n"
              + "LOG='"
              + log
              + "'\n"
              + "RUN=$(date +%s%N)-$$\n"
              + "printf '%s\\n' \"$@\" > \"$LOG/argv-$RUN\"\n"
              + StandInClaude.nextLine("printf '%s\\n' \"$LINE\" >> \"$LOG/stdin-$RUN\"");
      Files.writeString(executable, preamble + body + "\n");
      Files.setPosixFilePermissions(executable, PosixFilePermissions.fromString("rwx------"));
      return new FakeClaude(executable, log);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  LaunchSpec spec(Path workingDirectory) {
    return LaunchSpec.defaults(executable, workingDirectory)
        .withEnvironment(Map.of("PATH", System.getenv("PATH")));
  }

  /** The argv of every run, oldest first. */
  List<List<String>> runs() {
    return files("argv-").stream().map(FakeClaude::lines).toList();
  }

  /** What each run read on stdin, oldest first. */
  List<List<String>> stdins() {
    return files("stdin-").stream().map(FakeClaude::lines).toList();
  }

  Optional<List<String>> lastStdin() {
    List<List<String>> all = stdins();
    return all.isEmpty() ? Optional.empty() : Optional.of(all.get(all.size() - 1));
  }

  private List<Path> files(String prefix) {
    try (Stream<Path> files = Files.list(log)) {
      return files.filter(p -> p.getFileName().toString().startsWith(prefix)).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<String> lines(Path file) {
    try {
      return Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
