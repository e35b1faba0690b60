package dev.milktui.core.history;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.conversation.Conversation;
import dev.milktui.core.conversation.TurnFooterCell;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.testkit.Recordings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionFileTest {
  @TempDir Path dir;

  private static Path recorded() {
    return Recordings.sessionFile("r1-session-file");
  }

  private static <T extends SessionEvent> List<T> of(List<SessionEvent> events, Class<T> type) {
    return events.stream().filter(type::isInstance).map(type::cast).toList();
  }

  @Test
  void theRecordedSessionReadsAsPromptsRepliesAndToolCallsInOrder() throws Exception {
    List<SessionEvent> events = SessionFile.read(recorded());

    assertThat(of(events, SessionEvent.UserPrompt.class))
        .extracting(SessionEvent.UserPrompt::text)
        .containsExactly("hello there", "run echo");
    assertThat(of(events, SessionEvent.TextDelta.class))
        .extracting(SessionEvent.TextDelta::text)
        .containsExactly("First answer.", "Second answer.");
    assertThat(of(events, SessionEvent.ToolFinished.class))
        .singleElement()
        .satisfies(
            t -> {
              assertThat(t.call().name()).isEqualTo("Bash");
              assertThat(t.call().outcome()).isEqualTo(ToolOutcome.OK);
              assertThat(t.call().resultText()).isEqualTo("hi");
            });
    int hello = events.indexOf(new SessionEvent.UserPrompt("hello there", false));
    int echo = events.indexOf(new SessionEvent.UserPrompt("run echo", false));
    int first = events.indexOf(of(events, SessionEvent.TextDelta.class).get(0));
    assertThat(hello).isLessThan(first).isLessThan(echo);
    assertThat(events.get(events.size() - 1))
        .isInstanceOfSatisfying(
            SessionEvent.Notice.class, n -> assertThat(n.text()).contains("2 prompt(s)"));
  }

  @Test
  void theEarlierConversationEndsAsATurnThatRanBeforeSoNothingLooksRunning() throws Exception {
    List<SessionEvent> events = SessionFile.read(recorded());

    List<SessionEvent.TurnFinished> finished = of(events, SessionEvent.TurnFinished.class);
    assertThat(finished).hasSize(1);
    assertThat(finished.get(0).summary().ranNow()).isFalse();
    int end = events.indexOf(finished.get(0));
    assertThat(end).isGreaterThan(events.indexOf(of(events, SessionEvent.TextDelta.class).get(1)));
    assertThat(end)
        .isGreaterThan(events.indexOf(of(events, SessionEvent.ToolFinished.class).get(0)));
    Conversation conversation = new Conversation();
    events.forEach(conversation::apply);
    assertThat(conversation.cells()).noneMatch(TurnFooterCell.class::isInstance);
  }

  @Test
  void metaLinesSubagentsSummariesAndCommandOutputAreNotPromptsAndBadLinesAreCounted()
      throws Exception {
    Path file = dir.resolve("s.jsonl");
    Files.writeString(
        file,
        String.join(
            "\n",
            "{\"type\":\"user\",\"isMeta\":true,\"message\":{\"role\":\"user\",\"content\":\"meta\"}}",
            "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":"
                + "\"<command-name>/compact</command-name><command-args></command-args>\"}}",
            "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":"
                + "\"<local-command-stdout>Compacted</local-command-stdout>\"}}",
            "{\"type\":\"user\",\"isCompactSummary\":true,\"message\":{\"role\":\"user\","
                + "\"content\":\"This session is being continued\"}}",
            "{\"type\":\"user\",\"isSidechain\":true,\"message\":{\"role\":\"user\","
                + "\"content\":\"subagent prompt\"}}",
            "{\"type\":\"assistant\",\"isSidechain\":true,\"message\":{\"id\":\"m0\","
                + "\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"sub\"}]}}",
            "not json {",
            "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":"
                + "[{\"type\":\"text\",\"text\":\"typed\"}]}}",
            ""));

    List<SessionEvent> events = SessionFile.read(file);

    assertThat(of(events, SessionEvent.UserPrompt.class))
        .extracting(SessionEvent.UserPrompt::text)
        .containsExactly("/compact", "typed");
    assertThat(of(events, SessionEvent.TextDelta.class)).isEmpty();
    assertThat(of(events, SessionEvent.Notice.class))
        .anySatisfy(n -> assertThat(n.text()).contains("1 unreadable line"));
  }

  @Test
  void ofAVeryLongFileOnlyTheEndIsReadAndThatIsSaid() throws Exception {
    Path file = dir.resolve("long.jsonl");
    String early = "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"early\"}}\n";
    String filler = "{\"type\":\"attachment\",\"pad\":\"" + "x".repeat(1000) + "\"}\n";
    StringBuilder text = new StringBuilder(early);
    while (text.length() <= SessionFile.MAX_BYTES) {
      text.append(filler);
    }
    text.append("{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"late\"}}\n");
    Files.writeString(file, text);

    List<SessionEvent> events = SessionFile.read(file);

    assertThat(of(events, SessionEvent.UserPrompt.class))
        .extracting(SessionEvent.UserPrompt::text)
        .containsExactly("late");
    assertThat(of(events, SessionEvent.Notice.class))
        .anySatisfy(n -> assertThat(n.text()).contains("only its last 32 MiB"))
        .noneSatisfy(n -> assertThat(n.text()).contains("unreadable"));
  }
}
