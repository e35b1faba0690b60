package dev.milktui.core.turn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.testkit.Recordings;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Lines about the conversation rather than a reply: compaction, /clear, the commands offered. */
class TurnAccumulatorSessionLinesTest {

  private static List<SessionEvent> replay(String recording) {
    List<SessionEvent> events = new ArrayList<>();
    TurnAccumulator accumulator = new TurnAccumulator(events::add);
    for (CliMessage message : Recordings.messages(recording)) {
      accumulator.accept(message);
    }
    return events;
  }

  private static <T> List<T> of(List<SessionEvent> events, Class<T> type) {
    return events.stream().filter(type::isInstance).map(type::cast).toList();
  }

  @Test
  void compactionIsANoticeOfTokensBeforeAndAfterInsideItsTurn() {
    List<SessionEvent> events = replay("p6-slash-commands");
    SessionEvent.Compacted compacted = of(events, SessionEvent.Compacted.class).get(0);
    assertThat(compacted).isEqualTo(new SessionEvent.Compacted("manual", 4648, 2560));
    assertThat(of(replay("p15-autocompact"), SessionEvent.Compacted.class))
        .isNotEmpty()
        .allSatisfy(c -> assertThat(c.trigger()).isEqualTo("auto"));
    int at = events.indexOf(compacted);
    assertThat(events.subList(at, events.size()))
        .as("the /compact turn ends after the boundary")
        .anyMatch(SessionEvent.TurnFinished.class::isInstance);
  }

  @Test
  void clearNamesTheOldSessionAndTheNextTurnStartsTheNewOne() {
    List<SessionEvent> events = replay("p6-slash-commands");
    SessionEvent.ConversationCleared cleared =
        of(events, SessionEvent.ConversationCleared.class).get(0);
    assertThat(cleared.previousSessionId()).startsWith("4fecb614");
    SessionEvent next =
        events.subList(events.indexOf(cleared), events.size()).stream()
            .filter(SessionEvent.TurnStarted.class::isInstance)
            .findFirst()
            .orElseThrow();
    assertThat(((SessionEvent.TurnStarted) next).sessionId()).startsWith("f0ba1c21");
  }

  @Test
  void theSlashCommandsAreReportedOnceAndAgainOnlyWhenTheyChange() {
    List<SessionEvent.CommandsAvailable> offered =
        of(replay("p6-slash-commands"), SessionEvent.CommandsAvailable.class);
    assertThat(offered).hasSize(1);
    assertThat(offered.get(0).slashCommands()).contains("compact", "clear", "context");
    assertThat(offered.get(0).skills()).contains("simplify");
  }
}
