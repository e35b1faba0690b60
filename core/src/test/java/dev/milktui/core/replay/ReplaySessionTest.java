package dev.milktui.core.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.grants.GrantDecision;
import dev.milktui.core.grants.GrantPersister;
import dev.milktui.core.testkit.Persisters;
import dev.milktui.core.testkit.Recordings;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ReplaySessionTest {
  private final BlockingQueue<SessionEvent> events = new LinkedBlockingQueue<>();
  private ReplaySession session;

  @AfterEach
  void close() {
    if (session != null) {
      session.close();
    }
  }

  private static List<String> lines(String name) throws IOException {
    return Files.readAllLines(Recordings.ndjson(name)).stream().filter(l -> !l.isBlank()).toList();
  }

  /** Turn 1 asks for a permission (d-allow / d-deny); turn 2 fails with Stream closed (f1). */
  private static ReplayScript script() throws IOException {
    List<String> out = new ArrayList<>();
    List<String> allow = lines("d-allow");
    out.add("{\"milk_replay\":\"turn\"}");
    out.addAll(allow.subList(0, 3));
    out.add("{\"milk_replay\":\"on_allow\"}");
    out.addAll(allow.subList(3, allow.size()));
    out.add("{\"milk_replay\":\"on_deny\"}");
    List<String> deny = lines("d-deny");
    out.addAll(deny.subList(3, deny.size()));
    out.add("{\"milk_replay\":\"end_branch\"}");
    out.add("{\"milk_replay\":\"turn\"}");
    out.addAll(lines("f1-ppt-arg-devnull"));
    out.add("{\"milk_replay\":\"resume\"}");
    out.addAll(lines("g2-resume-with-adddir"));
    return ReplayScript.parse(new BufferedReader(new StringReader(String.join("\n", out))));
  }

  private <T extends SessionEvent> T next(Class<T> type) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (System.nanoTime() < deadline) {
      SessionEvent event = events.poll(100, TimeUnit.MILLISECONDS);
      if (type.isInstance(event)) {
        return type.cast(event);
      }
    }
    throw new AssertionError("no " + type.getSimpleName());
  }

  @Test
  void theAnswerToAReplayedPermissionRequestPicksTheBranchThatFollows() throws Exception {
    session = new ReplaySession(script(), events::add, GrantPersister.REFUSE, 0);
    session.send("Create a file with touch");
    PermissionRequest request = next(SessionEvent.PermissionRequested.class).request();
    request.deny("not now");
    SessionEvent.ToolFinished finished = next(SessionEvent.ToolFinished.class);
    assertThat(finished.call().outcome()).isEqualTo(ToolOutcome.DENIED);
  }

  @Test
  void allowingPlaysTheAllowBranchAndAStreamClosedTurnThenResumesWithGrants() throws Exception {
    List<GrantDecision> saved = new ArrayList<>();
    session = new ReplaySession(script(), events::add, Persisters.into(saved), 0);
    session.send("Create a file with touch");
    next(SessionEvent.PermissionRequested.class).request().allowOnce();
    assertThat(next(SessionEvent.ToolFinished.class).call().outcome()).isEqualTo(ToolOutcome.OK);
    next(SessionEvent.TurnFinished.class);

    session.send("Now the other file");
    SessionEvent.GrantsNeeded needed = next(SessionEvent.GrantsNeeded.class);
    assertThat(needed.summary().streamClosed()).hasSize(1);

    session.resumeWithGrants(new GrantDecision(List.of("Write"), List.of(), true, null));
    SessionEvent.TurnFinished resumed = next(SessionEvent.TurnFinished.class);
    assertThat(resumed.summary().isError()).isFalse();
    assertThat(resumed.summary().tools())
        .singleElement()
        .satisfies(t -> assertThat(t.outcome()).isEqualTo(ToolOutcome.OK));
    assertThat(saved).hasSize(1);
  }

  @Test
  void aResumeAnsweredBeforeTheStreamClosedTurnEndsGetsNoExtraEmptyTurn() throws Exception {
    // The listener answers on the player's own thread, before that thread ends turn two: the
    // case a fast UI hits only sometimes.
    List<GrantDecision> saved = new ArrayList<>();
    ReplaySession[] self = new ReplaySession[1];
    session =
        new ReplaySession(
            script(),
            event -> {
              events.add(event);
              if (event instanceof SessionEvent.GrantsNeeded) {
                try {
                  self[0].resumeWithGrants(
                      new GrantDecision(List.of("Write"), List.of(), true, null));
                } catch (Exception e) {
                  throw new AssertionError(e);
                }
              }
            },
            Persisters.into(saved),
            0);
    self[0] = session;
    session.send("Create a file with touch");
    next(SessionEvent.PermissionRequested.class).request().allowOnce();
    next(SessionEvent.TurnFinished.class);
    session.send("Now the other file");
    next(SessionEvent.GrantsNeeded.class);
    SessionEvent.TurnFinished resumed = next(SessionEvent.TurnFinished.class);
    assertThat(resumed.summary().ranNow()).isTrue();
    assertThat(resumed.summary().tools())
        .singleElement()
        .satisfies(t -> assertThat(t.outcome()).isEqualTo(ToolOutcome.OK));
    assertThat(saved).hasSize(1);
  }

  @Test
  void aScriptWithAnUnclosedBranchIsRefusedWithItsReason() {
    String bad = "{\"milk_replay\":\"turn\"}\n{\"milk_replay\":\"on_allow\"}\n";
    assertThatThrownBy(() -> ReplayScript.parse(new BufferedReader(new StringReader(bad))))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("end_branch");
  }

  @Test
  void aMessageAfterTheRecordingEndsFinishesItsTurnWithoutAFooter() throws Exception {
    session =
        new ReplaySession(
            ReplayScript.parse(new BufferedReader(new StringReader(""))),
            events::add,
            Persisters::wrote,
            0);
    session.send("anyone there?");
    next(SessionEvent.UserPrompt.class);
    SessionEvent.TurnFinished finished = next(SessionEvent.TurnFinished.class);
    assertThat(finished.summary().ranNow()).isFalse();
  }

  @Test
  void aStoppedReplayedTurnStillFinishes() throws Exception {
    session = new ReplaySession(script(), events::add, Persisters::wrote, 0);
    session.send("go");
    next(SessionEvent.PermissionRequested.class);
    session.interrupt();
    next(SessionEvent.TurnFinished.class);
  }
}
