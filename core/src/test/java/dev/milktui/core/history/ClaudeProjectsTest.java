package dev.milktui.core.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClaudeProjectsTest {
  @TempDir Path config;

  private static String prompt(String text) {
    return "{\"type\":\"user\",\"cwd\":\"CWD\",\"message\":{\"role\":\"user\",\"content\":\""
        + text
        + "\"}}\n";
  }

  private Path session(Path dir, String id, Instant modified, String... prompts) throws Exception {
    Files.createDirectories(dir);
    StringBuilder text = new StringBuilder();
    for (String p : prompts) {
      text.append(prompt(p));
    }
    Path file = dir.resolve(id + ".jsonl");
    Files.writeString(file, text);
    Files.setLastModifiedTime(file, FileTime.from(modified));
    return file;
  }

  @Test
  void theFolderNameIsTheWorkingDirectoryWithEveryOtherCharacterADash() {
    assertThat(ClaudeProjects.directoryName(Path.of("/tmp/milk-claude-1/project/My Project.x_y")))
        .as("as the pinned claude named it")
        .isEqualTo("-tmp-milk-claude-1-project-My-Project-x-y");
  }

  @Test
  void sessionsAreListedNewestFirstWithTheirFirstPromptAndTurns() throws Exception {
    Path cwd = Path.of("/home/dev/project");
    Path dir = config.resolve("projects/-home-dev-project");
    session(dir, "older", Instant.parse("2026-12-01T10:00:00Z"), "fix the build", "and test");
    session(dir, "newer", Instant.parse("2026-12-02T10:00:00Z"), "hello");
    Files.writeString(dir.resolve("notes.txt"), "not a session");
    ClaudeProjects projects = new ClaudeProjects(config);

    assertThat(projects.sessions(cwd))
        .containsExactly(
            new PastSession("newer", Instant.parse("2026-12-02T10:00:00Z"), "hello", 1),
            new PastSession("older", Instant.parse("2026-12-01T10:00:00Z"), "fix the build", 2));
    assertThat(projects.newest(cwd)).contains("newer");
    assertThat(projects.sessionFile(cwd, "older")).contains(dir.resolve("older.jsonl"));
    assertThat(projects.sessionFile(cwd, "../older")).isEmpty();
    assertThat(projects.sessions(Path.of("/elsewhere"))).isEmpty();
  }

  @Test
  void aSessionWithALineLargerThanTheSummaryBoundStillListsItsPromptsAndTurns() throws Exception {
    Path cwd = Path.of("/home/dev/project");
    Path dir = config.resolve("projects/-home-dev-project");
    Path file = session(dir, "big", Instant.parse("2026-12-02T10:00:00Z"), "read the log");
    String huge =
        "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":[{\"type\":"
            + "\"tool_result\",\"content\":\""
            + "x".repeat(ClaudeProjects.MAX_SUMMARY_LINE + 10)
            + "\"}]}}\n";
    Files.writeString(file, huge + prompt("thanks"), StandardOpenOption.APPEND);

    assertThat(new ClaudeProjects(config).sessions(cwd))
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.firstPrompt()).isEqualTo("read the log");
              assertThat(s.turns()).isEqualTo(2);
            });
  }

  @Test
  void aLongDirectoryIsFoundByItsCutNameAndTheCwdItsRecordsCarry() throws Exception {
    Path cwd = Path.of("/" + "a".repeat(120) + "/" + "b".repeat(120));
    String name = ClaudeProjects.directoryName(cwd);
    String cut = name.substring(0, ClaudeProjects.MAX_DIRECTORY_NAME);
    Path other = config.resolve("projects/" + cut + "-zzz");
    Files.createDirectories(other);
    Files.writeString(
        other.resolve("x.jsonl"), prompt("other").replace("CWD", "/" + "a".repeat(120) + "/c"));
    Path mine = config.resolve("projects/" + cut + "-1abc");
    Files.createDirectories(mine);
    Files.writeString(mine.resolve("y.jsonl"), prompt("mine").replace("CWD", cwd.toString()));

    assertThat(new ClaudeProjects(config).projectDirectory(cwd)).contains(mine);
  }

  @Test
  void aLineThatIsNotUtf8HidesNeitherTheSessionNorItsDirectory() throws Exception {
    Path cwd = Path.of("/" + "a".repeat(120) + "/" + "b".repeat(120));
    Path dir =
        config.resolve(
            "projects/"
                + ClaudeProjects.directoryName(cwd).substring(0, ClaudeProjects.MAX_DIRECTORY_NAME)
                + "-1abc");
    Files.createDirectories(dir);
    Path file = dir.resolve("cut.jsonl");
    Files.write(file, new byte[] {'{', '"', 'x', '"', ':', '"', (byte) 0xE2, (byte) 0x82, '\n'});
    Files.writeString(
        file,
        prompt("first").replace("CWD", cwd.toString()) + prompt("second"),
        StandardOpenOption.APPEND);

    ClaudeProjects projects = new ClaudeProjects(config);
    assertThat(projects.projectDirectory(cwd)).contains(dir);
    assertThat(projects.sessions(cwd))
        .singleElement()
        .satisfies(
            session -> {
              assertThat(session.firstPrompt()).isEqualTo("first");
              assertThat(session.turns()).isEqualTo(2);
            });
  }
}
