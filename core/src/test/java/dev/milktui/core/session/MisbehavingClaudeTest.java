package dev.milktui.core.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.GrantPersister;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A stand-in claude that misbehaves in every way a child process can. Each case must end in a clear
 * event, leave no {@code claude-*} thread behind after close, deliver every event from before the
 * failure, and leave the session able to go on (the next send works).
 */
class MisbehavingClaudeTest extends StandInFixture {

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

  private static String textDelta(String text) {
    return "{\"type\":\"stream_event\",\"event\":{\"type\":\"content_block_delta\",\"index\":0,"
        + "\"delta\":{\"type\":\"text_delta\",\"text\":\""
        + text
        + "\"}},\"session_id\":\""
        + SID
        + "\",\"parent_tool_use_id\":null,\"api_message_id\":\"msg_1\"}";
  }

  private void theNextSendWorks() {
    int finished = events.all(SessionEvent.TurnFinished.class).size();
    session.send("are you back?");
    events.await(SessionEvent.TurnFinished.class, finished + 1);
    assertThat(session.busy()).isFalse();
  }

  @Test
  void exitingAtOnceIsReportedWithItsStderrAndTheNextSendStartsAFreshProcess() {
    FakeClaude fake = firstRunThen("echo 'cannot start: bad config' >&2; exit 2");
    open(fake).send("hello");
    SessionEvent.ProcessExited exited = events.await(SessionEvent.ProcessExited.class);
    assertThat(exited.exitCode()).isEqualTo(2);
    assertThat(exited.expected()).isFalse();
    assertThat(exited.stderrTail()).contains("cannot start: bad config");
    assertThat(session.busy()).isFalse();

    theNextSendWorks();
    assertThat(fake.runs()).hasSize(2);
  }

  @Test
  void exitingMidTurnDeliversEveryEventPrintedBeforeAndTheNextSendResumes() {
    FakeClaude fake =
        firstRunThen(
            "next_line\n"
                + printf(init(), textDelta("one "), textDelta("two "), textDelta("three"))
                + "echo 'fatal: lost the API' >&2; exit 7");
    open(fake).send("count");
    SessionEvent.ProcessExited exited = events.await(SessionEvent.ProcessExited.class);
    assertThat(exited.exitCode()).isEqualTo(7);
    assertThat(exited.stderrTail()).contains("fatal: lost the API");
    assertThat(events.all(SessionEvent.TurnStarted.class)).hasSize(1);
    assertThat(
            events.all(SessionEvent.TextDelta.class).stream()
                .map(SessionEvent.TextDelta::text)
                .collect(Collectors.joining()))
        .isEqualTo("one two three");
    assertThat(events.all(SessionEvent.Notice.class))
        .anySatisfy(
            n -> {
              assertThat(n.level()).isEqualTo(SessionEvent.Level.ERROR);
              assertThat(n.text()).contains("exited with code 7").contains("before the turn");
            });
    // The failure comes after everything printed before it.
    assertThat(events.all().indexOf(exited))
        .isGreaterThan(events.all().indexOf(events.all(SessionEvent.TextDelta.class).get(2)));

    theNextSendWorks();
    assertThat(fake.runs().get(1)).contains("--resume=" + SID);
  }

  @Test
  void garbageLinesAreCountedAsMalformedAndTheTurnAroundThemStillParses() {
    FakeClaude fake =
        FakeClaude.script(
            dir,
            "next_line\n"
                + "echo 'this is not json'\n"
                + "printf '{\"type\":\"assistant\",\"message\":\\n'\n"
                + "printf '\\x00\\xff\\xfe garbage \\x1b[2J\\n'\n"
                + "echo '[1,2,3]'\n"
                + "echo '{\"type\":\"assistant\",\"message\":{\"content\":\"wrong type\"}}'\n"
                + "cat '"
                + transcript("b-stdin-stream-json")
                + "'\n"
                + "while next_line; do cat '"
                + transcript("b-stdin-stream-json")
                + "'; done");
    open(fake).send("hello");
    events.await(SessionEvent.TurnFinished.class);
    // Five lines could not be read (the wrong-typed assistant line is a message all the same).
    assertThat(events.all(SessionEvent.Malformed.class)).hasSizeGreaterThanOrEqualTo(4);
    assertThat(events.all(SessionEvent.TextDelta.class)).isNotEmpty();
    assertThat(events.all(SessionEvent.ProcessExited.class)).isEmpty();

    theNextSendWorks();
    assertThat(fake.runs()).hasSize(1);
  }

  @Test
  void aSilentlyHangingProcessIsEndedByCloseWithItsChildrenAndAResumedSessionWorks()
      throws Exception {
    // The hang is a child of the script (as a tool or an MCP server would be), holding stdout.
    FakeClaude fake =
        firstRunThen("next_line\n" + printf(init(), textDelta("thinking...")) + "sleep 600\n");
    open(fake).send("hello");
    events.await(SessionEvent.TextDelta.class);
    assertThat(session.busy()).isTrue();

    session.close();
    SessionEvent.ProcessExited exited = events.await(SessionEvent.ProcessExited.class);
    assertThat(exited.expected()).isTrue();
    session = null;
    closeAndCheckThreads();

    session =
        new ClaudeSession(
            fake.spec(dir).withResume(SID), events, GrantPersister.REFUSE, SessionRecorder.NONE);
    theNextSendWorks();
    assertThat(fake.runs().get(1)).contains("--resume=" + SID);
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

  @Test
  void aProcessThatDoesNotReadStdinNeverBlocksSendAndGetsEveryMessageLater() throws Exception {
    FakeClaude fake =
        FakeClaude.script(
            dir,
            "while [ ! -e \"$LOG/go\" ]; do sleep 0.05; done\n"
                + "while next_line; do cat '"
                + transcript("b-stdin-stream-json")
                + "'; done");
    open(fake).start();
    String big = "x".repeat(16 * 1024);
    int messages = 24; // 384 KiB: several times a pipe's buffer
    CompletableFuture<Void> sends =
        CompletableFuture.runAsync(
            () -> {
              for (int i = 0; i < messages; i++) {
                session.send(i + " " + big);
              }
            });
    try {
      sends.get(30, TimeUnit.SECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      fail("send blocked on a child that does not read its stdin");
    }
    java.nio.file.Files.createFile(fake.log.resolve("go"));
    events.await(SessionEvent.TurnFinished.class, messages);
    assertThat(fake.lastStdin().orElseThrow()).hasSize(messages);
  }

  @Test
  void aControlRequestFollowedByDeathIsWithdrawnReportedAndTheNextSendResumes() {
    FakeClaude fake =
        firstRunThen(
            "next_line\n"
                + "head -n 1 '"
                + transcript("d-allow")
                + "'\n"
                + "grep control_request '"
                + transcript("d-allow")
                + "'\n"
                + "echo 'panic: channel gone' >&2; exit 9");
    open(fake).send("create a file");
    PermissionRequest request = events.await(SessionEvent.PermissionRequested.class).request();
    SessionEvent.PermissionWithdrawn withdrawn =
        events.await(SessionEvent.PermissionWithdrawn.class);
    assertThat(withdrawn.request()).isSameAs(request);
    assertThat(withdrawn.reason()).contains("exited");
    assertThat(request.allowOnce()).as("an answer to a dead process is refused").isFalse();
    SessionEvent.ProcessExited exited = events.await(SessionEvent.ProcessExited.class);
    assertThat(exited.exitCode()).isEqualTo(9);
    assertThat(exited.stderrTail()).contains("panic: channel gone");
    assertThat(events.all(SessionEvent.Notice.class))
        .anySatisfy(n -> assertThat(n.text()).contains("exited with code 9"));

    theNextSendWorks();
    assertThat(fake.runs().get(1)).anySatisfy(a -> assertThat(a).startsWith("--resume="));
  }

  @Test
  void aSessionIdLikeAFlagFromClaudesOutputNeverBecomesAFlagOfTheNextRun() {
    String evil = "--dangerously-skip-permissions";
    FakeClaude fake =
        firstRunThen(
            "next_line\n"
                + "printf '%s\\n' '{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\""
                + evil
                + "\"}'\n"
                + "exit 1");
    open(fake).send("hello");
    events.await(SessionEvent.ProcessExited.class);
    // The next send must not throw, and starts afresh rather than resuming that id.
    session.send("again");
    events.await(SessionEvent.TurnFinished.class);
    assertThat(fake.runs().get(1)).noneMatch(a -> a.startsWith("--resume"));
    for (java.util.List<String> argv : fake.runs()) {
      assertThat(argv).doesNotContain(evil).noneMatch(a -> a.startsWith("--dangerously"));
    }
  }
}
