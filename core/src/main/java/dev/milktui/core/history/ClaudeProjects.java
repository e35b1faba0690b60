package dev.milktui.core.history;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.protocol.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.tinylog.Logger;

/**
 * Claude's own record of past sessions, {@code <config dir>/projects/<dir>/<id>.jsonl}, where
 * {@code <dir>} is the working directory with every character but a-z, A-Z and 0-9 turned into
 * {@code -} (as the CLI names it; a name longer than 200 characters is cut there and given a hash
 * suffix, so such a folder is found by its prefix and confirmed by the {@code cwd} its records
 * carry).
 */
public final class ClaudeProjects {
  static final int MAX_DIRECTORY_NAME = 200;

  /** The picker lists at most this many sessions, the newest. */
  static final int MAX_LISTED = 100;

  /** The longest line read for a session's summary (its first prompt, its turns, its folder). */
  static final int MAX_SUMMARY_LINE = 1024 * 1024;

  private static final Pattern NOT_ALPHANUMERIC = Pattern.compile("[^a-zA-Z0-9]");
  private static final Pattern SESSION_ID = Pattern.compile("[A-Za-z0-9-]{1,100}");

  private final Path configDirectory;

  /** {@code configDirectory}: {@code $CLAUDE_CONFIG_DIR}, else {@code ~/.claude}. */
  public ClaudeProjects(Path configDirectory) {
    this.configDirectory = configDirectory;
  }

  /** The folder name the CLI uses for {@code cwd}, before any cut. */
  static String directoryName(Path cwd) {
    return NOT_ALPHANUMERIC.matcher(cwd.toAbsolutePath().normalize().toString()).replaceAll("-");
  }

  /** The folder holding {@code cwd}'s sessions, if Claude has one. */
  public Optional<Path> projectDirectory(Path cwd) {
    Path projects = configDirectory.resolve("projects");
    String name = directoryName(cwd);
    if (name.length() <= MAX_DIRECTORY_NAME) {
      Path dir = projects.resolve(name);
      return Files.isDirectory(dir) ? Optional.of(dir) : Optional.empty();
    }
    String prefix = name.substring(0, MAX_DIRECTORY_NAME) + "-";
    try (Stream<Path> dirs = Files.list(projects)) {
      return dirs.filter(d -> d.getFileName().toString().startsWith(prefix))
          .filter(Files::isDirectory)
          .filter(d -> belongsTo(d, cwd))
          .findFirst();
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** The file of session {@code sessionId} in {@code cwd}, if it exists. */
  public Optional<Path> sessionFile(Path cwd, String sessionId) {
    if (!SESSION_ID.matcher(sessionId).matches()) {
      return Optional.empty();
    }
    return projectDirectory(cwd)
        .map(dir -> dir.resolve(sessionId + ".jsonl"))
        .filter(Files::isRegularFile);
  }

  /** The newest session of {@code cwd}, if any. */
  public Optional<String> newest(Path cwd) {
    return files(cwd).stream().findFirst().map(ClaudeProjects::sessionId);
  }

  /** {@code cwd}'s sessions, newest first, at most {@link #MAX_LISTED}. */
  public List<PastSession> sessions(Path cwd) {
    List<PastSession> sessions = new ArrayList<>();
    for (Path file : files(cwd)) {
      try {
        sessions.add(summary(file));
      } catch (IOException e) {
        Logger.warn(e, "cannot read session file {}", file);
      }
    }
    return sessions;
  }

  private List<Path> files(Path cwd) {
    Optional<Path> dir = projectDirectory(cwd);
    if (dir.isEmpty()) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(dir.get())) {
      return files
          .filter(f -> f.getFileName().toString().endsWith(".jsonl"))
          .filter(Files::isRegularFile)
          .sorted(Comparator.comparing(ClaudeProjects::modified).reversed())
          .limit(MAX_LISTED)
          .toList();
    } catch (IOException e) {
      return List.of();
    }
  }

  private static PastSession summary(Path file) throws IOException {
    String first = "";
    int turns = 0;
    try (BoundedLines lines = lines(file)) {
      for (String line = lines.next(); line != null; line = lines.next()) {
        // Cheap test first: most records are not prompts.
        if (!line.contains("\"user\"")) {
          continue;
        }
        Optional<String> prompt = SessionFile.parse(line).flatMap(SessionRecords::prompt);
        if (prompt.isPresent()) {
          turns++;
          first = first.isEmpty() ? prompt.get() : first;
        }
      }
    }
    return new PastSession(sessionId(file), modified(file), first, turns);
  }

  private static boolean belongsTo(Path dir, Path cwd) {
    String wanted = cwd.toAbsolutePath().normalize().toString();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".jsonl")).toList()) {
        try (BoundedLines lines = lines(file)) {
          for (String line = lines.next(); line != null; line = lines.next()) {
            Optional<JsonNode> record = SessionFile.parse(line);
            String recorded = record.map(r -> Json.text(r, "cwd")).orElse(null);
            if (recorded != null) {
              return recorded.equals(wanted);
            }
          }
        }
      }
    } catch (IOException e) {
      return false;
    }
    return false;
  }

  /**
   * The file's lines up to {@link #MAX_SUMMARY_LINE} chars each: a prompt or a working directory is
   * never that long, and a huge tool result is skipped rather than held.
   */
  private static BoundedLines lines(Path file) throws IOException {
    return new BoundedLines(lenientReader(file), MAX_SUMMARY_LINE);
  }

  /**
   * A reader that turns bytes that are not UTF-8 (a line cut mid-character when claude stopped)
   * into U+FFFD: the strict reader would throw, and one bad line would hide the whole session.
   */
  private static BufferedReader lenientReader(Path file) throws IOException {
    return new BufferedReader(
        new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8));
  }

  private static Instant modified(Path file) {
    try {
      return Files.getLastModifiedTime(file).toInstant();
    } catch (IOException e) {
      return Instant.EPOCH;
    }
  }

  private static String sessionId(Path file) {
    String name = file.getFileName().toString();
    return name.substring(0, name.length() - ".jsonl".length());
  }
}
