package dev.milktui.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.SessionEvent;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stand-in claude that misbehaves in every way a child process can. Each case must end in a clear
 * event, leave no {@code claude-*} thread behind after close, deliver every event from before the
 * failure, and leave the session able to go on (the next send works).
 */
class MisbehavingClaudeTest {
  private static final Path TRANSCRIPTS =
      Path.of(System.getProperty("milk.projectRoot", ".."), "..", "shared", "transcripts")
          .normalize();
  private static final String SID = "457dcd2e-618a-4ba4-806f-8c466d9a2436";

  @TempDir Path dir;
  private final EventLog events = new EventLog();
  private ClaudeSession session;
  private Set<String> threadsBefore;

  @BeforeEach
  void noteThreads() {
    threadsBefore = claudeThreads();
  }

  @AfterEach
  void closeAndCheckThreads() throws InterruptedException {
    if (session != null) {
      session.close();
    }
    // Every thread this test's processes started is gone, bounded (no timing claim).
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
    Set<String> left = newThreads();
    while (!left.isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(20);
      left = newThreads();
    }
    assertThat(left).as("claude-* threads still alive after close").isEmpty();
  }

  private Set<String> newThreads() {
    Set<String> now = claudeThreads();
    now.removeAll(threadsBefore);
    return now;
  }

  private static Set<String> claudeThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(Thread::isAlive)
        .map(Thread::getName)
        .filter(n -> n.startsWith("claude-"))
        .collect(Collectors.toSet());
  }

  private static String transcript(String name) {
    return TRANSCRIPTS.resolve(name + ".ndjson").toString();
  }

  /**
   * The first run does {@code misbehaviour}; every later run (a resume or a restart) answers each
   * stdin message with a whole recorded turn.
   */
  private FakeClaude firstRunThen(String misbehaviour) {
    return FakeClaude.script(
        dir,
        "if [ -e \"$LOG/first-run-done\" ]; then\n"
            + "  while next_line; do cat '"
            + transcript("b-stdin-stream-json")
            + "'; done; exit 0\n"
            + "fi\n"
            + "touch \"$LOG/first-run-done\"\n"
            + misbehaviour);
  }

  private ClaudeSession open(FakeClaude fake) {
    session =
        new ClaudeSession(fake.spec(dir), events, GrantPersister.REFUSE, SessionRecorder.NONE);
    return session;
  }

  private static String textDelta(String text) {
    return "{\"type\":\"stream_event\",\"event\":{\"type\":\"content_block_delta\",\"index\":0,"
        + "\"delta\":{\"type\":\"text_delta\",\"text\":\""
        + text
        + "\"}},\"session_id\":\""
        + SID
        + "\",\"parent_tool_use_id\":null,\"api_message_id\":\"msg_1\"}";
  }

  private static String printf(String... lines) {
    StringBuilder out = new StringBuilder();
    for (String line : lines) {
      out.append("printf '%s\\n' '").append(line).append("'\n");
    }
    return out.toString();
  }

  private static String init() {
    return "{\"type\":\"system\",\"subtype\":\"init\",\"cwd\":\"/tmp\",\"session_id\":\""
        + SID
        + "\",\"model\":\"m\",\"permissionMode\":\"default\"}";
  }

  private void theNextSendWorks() {
    int finished = events.all(SessionEvent.TurnFinished.class).size();
    session.send("are you back?");
    events.await(SessionEvent.TurnFinished.class, finished + 1);
    assertThat(session.busy()).isFalse();
  }

  @Test
  void aFloodOfStderrNeitherStallsTheTurnNorGrowsTheReportedTail() {
    FakeClaude fake =
        FakeClaude.script(
            dir,
            "next_line\n"
                + "head -c 8000000 /dev/zero | tr '\\0' 'e' | fold -w 1000 >&2\n"
                + "head -c 3000000 /dev/zero | tr '\\0' 'x' >&2; echo >&2\n"
                + "cat '"
                + transcript("b-stdin-stream-json")
                + "'\n"
                + "echo 'last words' >&2; exit 4");
    open(fake).send("hello");
    events.await(SessionEvent.TurnFinished.class);
    SessionEvent.ProcessExited exited = events.await(SessionEvent.ProcessExited.class);
    assertThat(exited.exitCode()).isEqualTo(4);
    assertThat(exited.stderrTail()).endsWith("last words").hasSizeLessThan(100_000);
  }
}
