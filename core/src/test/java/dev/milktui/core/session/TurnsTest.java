package dev.milktui.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.protocol.CommandLifecycle;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.MessageParser;
import dev.milktui.core.testkit.Recordings;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Each transition of the turn state, on recorded lines and on the orders claude can produce. */
class TurnsTest {
  private final Turns turns = new Turns();

  private static CliMessage line(String json) {
    try {
      return MessageParser.parse(Json.mapper().readTree(json));
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  private static CliMessage init() {
    return line("{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"s\"}");
  }

  private static CliMessage result() {
    return line("{\"type\":\"result\",\"subtype\":\"success\",\"session_id\":\"s\"}");
  }

  private static CliMessage lifecycle(String uuid, String state) {
    return line(
        "{\"type\":\"command_lifecycle\",\"command_uuid\":\""
            + uuid
            + "\",\"state\":\""
            + state
            + "\"}");
  }

  @Test
  void quietUntilInitAndQuietAgainAtTheResult() {
    assertThat(turns.state()).isEqualTo(new TurnState.Quiet());
    assertThat(turns.active()).isFalse();

    turns.delivered("u1", "hello");
    assertThat(turns.active()).as("a delivered message waits for its answer").isTrue();
    turns.on(lifecycle("u1", "queued"));
    turns.on(lifecycle("u1", "started"));
    turns.on(init());
    assertThat(turns.state()).isEqualTo(new TurnState.Running(false));
    turns.on(result());
    assertThat(turns.state()).isEqualTo(new TurnState.Quiet());
    assertThat(turns.active()).as("answered only when its lifecycle completes").isTrue();
    turns.on(lifecycle("u1", "completed"));
    assertThat(turns.active()).isFalse();
  }

  @Test
  void aTurnNoMessageStartedIsClaudesOwn() {
    turns.on(init());
    assertThat(turns.state()).isEqualTo(new TurnState.Running(true));
    assertThat(turns.active()).as("Esc must reach it").isTrue();
  }

  @Test
  void aMessageSentDuringClaudesOwnTurnIsNotAnsweredByThatTurnsResult() {
    turns.on(init());
    turns.delivered("u2", "also this");
    turns.on(lifecycle("u2", "queued"));
    turns.on(result());

    assertThat(turns.state()).isEqualTo(new TurnState.Quiet());
    assertThat(turns.active()).as("u2 still waits for its own turn").isTrue();
    turns.on(lifecycle("u2", "started"));
    turns.on(init());
    assertThat(turns.state()).isEqualTo(new TurnState.Running(false));
    turns.on(result());
    turns.on(lifecycle("u2", "completed"));
    assertThat(turns.active()).isFalse();
  }

  @Test
  void aMessageClaudeDropsIsReportedWithTheReason() {
    turns.delivered("u3", "first line\nsecond line");
    turns.on(lifecycle("u3", "queued"));
    Optional<Turns.Dropped> dropped = turns.on(lifecycle("u3", "cancelled"));

    assertThat(dropped).contains(new Turns.Dropped("first line\nsecond line", "cancelled"));
    assertThat(turns.active()).isFalse();
  }

  @Test
  void aMessageTheUsersInterruptCutShortIsNotReportedAsDroppedButAQueuedOneStillIs() {
    // The recorded message's uuid; claude ends it "cancelled" after the interrupted result.
    turns.delivered("00000000-0000-4000-8000-000000000002", "Tell me something long");
    turns.delivered("queued", "and then this");
    List<Turns.Dropped> dropped = new ArrayList<>();
    for (CliMessage message : Recordings.messages("claude-2.1.300/v2-interrupt")) {
      if (message.raw().path("type").asText().equals("control_response")) {
        turns.interruptSent();
      }
      turns.on(message).ifPresent(dropped::add);
    }
    turns.on(lifecycle("queued", "cancelled")).ifPresent(dropped::add);

    assertThat(dropped).containsExactly(new Turns.Dropped("and then this", "cancelled"));
  }

  @Test
  void aMessageWhoseTurnFailedIsAnsweredByTheFailureNotReportedAsDropped() {
    // The recorded message's uuid; claude ends it "cancelled" after the API error's result.
    turns.delivered("00000000-0000-4000-8000-000000000001", "Say hello");
    List<Turns.Dropped> dropped = new ArrayList<>();
    Recordings.messages("i-500-stream-json").forEach(m -> turns.on(m).ifPresent(dropped::add));

    assertThat(dropped).isEmpty();
    assertThat(turns.active()).isFalse();
  }

  @Test
  void withoutLifecycleReportsEachResultAnswersTheOldestMessage() {
    turns.delivered("a", "one");
    turns.delivered("b", "two");
    turns.on(init());
    assertThat(turns.state()).isEqualTo(new TurnState.Running(false));
    turns.on(result());
    assertThat(turns.active()).isTrue();
    turns.on(init());
    turns.on(result());
    assertThat(turns.active()).isFalse();
  }

  @Test
  void theProcessEndingHandsBackWhatWasNeverAnswered() {
    turns.delivered("a", "one");
    turns.on(lifecycle("a", "started"));
    turns.on(init());

    assertThat(turns.processEnded()).containsExactly("one");
    assertThat(turns.state()).isEqualTo(new TurnState.Quiet());
    assertThat(turns.active()).isFalse();
  }

  @Test
  void theRecordedSlashCommandsEachAnswerTheirOwnMessageAndClearIsOurs() throws IOException {
    Map<String, String> sent = new HashMap<>();
    for (String stdin : Files.readAllLines(Recordings.stdin("p6-slash-commands"))) {
      JsonNode node = Json.mapper().readTree(stdin);
      if (node.hasNonNull("uuid")) {
        sent.put(node.get("uuid").asText(), node.at("/message/content").asText());
      }
    }
    List<TurnState> started = new ArrayList<>();
    for (CliMessage message : Recordings.messages("p6-slash-commands")) {
      if (message instanceof CommandLifecycle lifecycle && "queued".equals(lifecycle.state())) {
        // Recorded when the previous command completed, just after the host wrote this one.
        turns.delivered(lifecycle.commandUuid(), sent.get(lifecycle.commandUuid()));
      }
      boolean quiet = turns.state() instanceof TurnState.Quiet;
      turns.on(message);
      if (quiet && turns.state() instanceof TurnState.Running) {
        started.add(turns.state());
      }
    }
    assertThat(sent).hasSize(9);
    assertThat(started).hasSize(11);
    assertThat(started.subList(1, 10))
        .as("every command sent with a uuid started its own turn, /clear's included")
        .containsOnly(new TurnState.Running(false));
    assertThat(List.of(started.get(0), started.get(10)))
        .as("the first and last messages were recorded without a uuid: nothing says they are ours")
        .containsOnly(new TurnState.Running(true));
    assertThat(turns.active()).isFalse();
  }

  @Test
  void theRecordedMessageSentDuringClaudesOwnTurnWaitsForItsOwnTurn() throws IOException {
    List<String> stdin = Files.readAllLines(Recordings.stdin("p19-message-during-claude-turn"));
    Map<String, String> sent = new HashMap<>();
    for (String line : stdin) {
      JsonNode node = Json.mapper().readTree(line);
      sent.put(node.get("uuid").asText(), node.at("/message/content").asText());
    }
    List<TurnState> started = new ArrayList<>();
    List<Boolean> activeAtResults = new ArrayList<>();
    for (CliMessage message : Recordings.messages("p19-message-during-claude-turn")) {
      if (message instanceof CommandLifecycle lifecycle && "queued".equals(lifecycle.state())) {
        turns.delivered(lifecycle.commandUuid(), sent.get(lifecycle.commandUuid()));
      }
      boolean quiet = turns.state() instanceof TurnState.Quiet;
      turns.on(message);
      if (quiet && turns.state() instanceof TurnState.Running) {
        started.add(turns.state());
      }
      if (message instanceof dev.milktui.core.protocol.ResultMessage) {
        activeAtResults.add(turns.active());
      }
    }
    assertThat(started)
        .containsExactly(
            new TurnState.Running(false),
            new TurnState.Running(true),
            new TurnState.Running(false));
    assertThat(activeAtResults)
        .as("at claude's own result the message sent meanwhile is still unanswered")
        .containsExactly(true, true, true);
    assertThat(turns.active()).isFalse();
  }

  @Test
  void theRecordedBackgroundAgentsReportIsATurnClaudeStarted() {
    turns.delivered("m", "Run it in the background");
    List<TurnState> started = new ArrayList<>();
    for (CliMessage message : Recordings.messages("p3-subagent-background")) {
      boolean quiet = turns.state() instanceof TurnState.Quiet;
      turns.on(message);
      if (quiet && turns.state() instanceof TurnState.Running) {
        started.add(turns.state());
      }
    }
    assertThat(started).containsExactly(new TurnState.Running(false), new TurnState.Running(true));
    assertThat(turns.active()).isFalse();
  }
}
