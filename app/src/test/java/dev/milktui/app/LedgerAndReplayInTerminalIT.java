package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.ledger.Decision;
import dev.milktui.core.ledger.LedgerFolder;
import dev.milktui.core.ledger.LedgerReader;
import dev.milktui.core.testkit.FakeAnthropicApi;
import dev.milktui.core.testkit.Recordings;
import dev.milktui.core.testkit.Reply;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The decision ledger and the replay screen in the built binary, in a real terminal: F7 lists the
 * session's decisions after an answer to the real claude; {@code milk-tui replay} shows a recorded
 * conversation read-only with transcript search, writes its Markdown, and refuses a file that is no
 * recording in one line.
 */
@Timeout(value = 150, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class LedgerAndReplayInTerminalIT extends RealClaudeInTmuxFixture {

  @Test
  void f7ListsThisSessionsDecisionsAfterAnAllowOnceAndTheLedgerIsOwnerOnly() throws Exception {
    try (FakeAnthropicApi api =
            FakeAnthropicApi.start(
                Reply.toolUse(
                    "toolu_touch",
                    "Bash",
                    Map.of("command", "touch ledger.txt", "description", "Create a file")),
                Reply.text("Created the file."));
        Tmux tmux = milkTuiWithBaseline(api, "--no-baseline")) {
      tmux.await("│ no baseline");
      tmux.type("Create a file");
      tmux.send("Enter");
      tmux.awaitDialog("Allow once (y)");
      tmux.send("y");
      tmux.await("Created the file.");

      tmux.send("F7");
      String screen = tmux.awaitDialog("Decisions in this session");
      assertThat(screen)
          .contains("session started in mode default")
          .contains("touch ledger.txt")
          .contains("allowed once  by you");
      tmux.send("Escape");
      tmux.awaitGone("Decisions in this session");
      tmux.quitCleanly();

      Path folder =
          LedgerFolder.of(
              AppPaths.resolve(new Environment(sandbox.environment(api.baseUrl()), sandbox.home()))
                  .stateDirectory());
      List<Decision> entries = LedgerReader.read(folder, Optional.empty(), d -> true).entries();
      assertThat(entries)
          .filteredOn(d -> d.kind() == Decision.Kind.ALLOW_ONCE)
          .singleElement()
          .satisfies(
              allow -> {
                assertThat(allow.tool()).isEqualTo("Bash");
                assertThat(allow.input().path("command").asText()).isEqualTo("touch ledger.txt");
                assertThat(allow.sessionId()).isNotEmpty();
              });
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(folder)))
          .isEqualTo("rwx------");
      try (var files = Files.list(folder)) {
        files.forEach(file -> assertThat(mode(file)).as(file.toString()).isEqualTo("rw-------"));
      }
    }
  }

  @Test
  void replayShowsTheRecordedConversationAndItsTranscriptSearchFindsAWord() throws Exception {
    Path recording = Recordings.sessionFile("r2-session-file-edits");
    try (Tmux tmux = Tmux.start(replay(recording.toString()), env(), sandbox.workDir())) {
      String screen = tmux.await("Wrote notes.txt and changed its second line.");
      assertThat(screen)
          .contains("Write notes.txt, then change two to 2")
          .contains("I will write the notes.")
          .contains("3 + three")
          .contains("1 + 2");

      tmux.send("C-f");
      tmux.type("notes");
      // "notes" is five times in the conversation; the search starts at the match nearest the end.
      assertThat(tmux.await("5 of 5 ·")).contains("Find: notes");
      tmux.send("Up");
      tmux.await("4 of 5 ·");
      tmux.send("Escape");
      tmux.awaitGone("Find: notes");
      tmux.send("C-f");
      tmux.type("zebra");
      tmux.await("no match");
      tmux.send("Escape");
      // A key right behind Esc would read as Alt+key: the search line closes first.
      tmux.awaitGone("Find: zebra");
      assertThat(tmux.screen()).contains("Wrote notes.txt and changed its second line.");
      tmux.quitCleanly();
    }
  }

  @Test
  void replayToMarkdownWritesTheFileAndAFileThatIsNoRecordingIsOneLineAndExit1() throws Exception {
    Path out = sandbox.root().resolve("replay.md");
    List<String> export =
        replay(
            "--to-markdown", out.toString(), Recordings.sessionFile("r1-session-file").toString());
    Process exported = start(export);
    assertThat(exported.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(exported.exitValue()).isZero();
    assertThat(Files.readString(out)).contains("hello there").contains("Second answer.");
    assertThat(mode(out)).isEqualTo("rw-------");

    Path notes = Files.writeString(sandbox.root().resolve("notes.txt"), "hello\n");
    Process refused = start(replay(notes.toString()));
    assertThat(refused.waitFor(60, TimeUnit.SECONDS)).isTrue();
    String err = new String(refused.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(refused.exitValue()).isEqualTo(1);
    assertThat(err.lines())
        .singleElement()
        .asString()
        .startsWith("milk-tui replay: " + notes + ": is not JSON lines");
    assertThat(new String(refused.getInputStream().readAllBytes(), StandardCharsets.UTF_8))
        .isEmpty();
  }

  private static List<String> replay(String... args) {
    List<String> command =
        new ArrayList<>(List.of("java", "-jar", DemoInTerminalIT.jar().toString(), "replay"));
    command.addAll(List.of(args));
    return command;
  }

  private Map<String, String> env() {
    return DemoInTerminalIT.environment(sandbox.home());
  }

  private Process start(List<String> command) throws Exception {
    ProcessBuilder builder = new ProcessBuilder(command).directory(sandbox.workDir().toFile());
    builder.environment().clear();
    builder.environment().putAll(env());
    return builder.start();
  }

  private static String mode(Path file) {
    try {
      return PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
