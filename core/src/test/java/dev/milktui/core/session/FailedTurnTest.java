package dev.milktui.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.conversation.AssistantTextCell;
import dev.milktui.core.conversation.Conversation;
import dev.milktui.core.conversation.NoticeCell;
import dev.milktui.core.conversation.TurnFooterCell;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.export.MarkdownExport;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A turn the API failed, as the real CLI reports it (recordings i-500-stream-json and
 * i-500-then-reply, replayed with the uuid of the message the session sent): what the session says
 * and what the conversation shows.
 */
class FailedTurnTest extends StandInFixture {
  /** The uuid the recordings' message carried. */
  private static final String RECORDED_UUID = "00000000-0000-4000-8000-000000000001";

  /**
   * Answers the first message with {@code recording} (as if it carried that message's uuid) and
   * every later one with a plain recorded turn.
   */
  private ClaudeSession openReplaying(String recording) {
    String readUuid = "UUID=$(printf '%s' \"$LINE\" | sed -E 's/.*\"uuid\":\"([^\"]+)\".*/\\1/')\n";
    return open(
        FakeClaude.script(
            dir,
            "next_line\n"
                + readUuid
                + "sed \"s/"
                + RECORDED_UUID
                + "/$UUID/g\" '"
                + transcript(recording)
                + "'\n"
                + "while next_line; do cat '"
                + transcript("b-stdin-stream-json")
                + "'; done\n"));
  }

  /**
   * The conversation of the first turn, once a second turn has finished: every line of the first
   * one has been handled by then.
   */
  private Conversation firstTurn(String recording) {
    openReplaying(recording).send("Say hello");
    events.await(SessionEvent.TurnFinished.class);
    session.send("Are you there?");
    events.await(SessionEvent.TurnFinished.class, 2);
    Conversation conversation = new Conversation();
    List<SessionEvent> all = events.all();
    int second = all.indexOf(events.all(SessionEvent.UserPrompt.class).get(1));
    all.subList(0, second).forEach(conversation::apply);
    return conversation;
  }

  @Test
  void anApiErrorThatOutlastsTheRetriesIsSaidOnceAndTheTurnEndsAsFailed() {
    Conversation conversation = firstTurn("i-500-stream-json");

    String shown = MarkdownExport.render(conversation.cells());
    assertThat(shown.split("Internal server error", -1))
        .as("the error, once:\n%s", shown)
        .hasSize(2);
    assertThat(shown).doesNotContain("did not answer", "cancelled");
    assertThat(conversation.cells()).noneMatch(AssistantTextCell.class::isInstance);
    assertThat(conversation.cells())
        .filteredOn(NoticeCell.class::isInstance)
        .map(c -> (NoticeCell) c)
        .singleElement()
        .satisfies(
            notice -> {
              assertThat(notice.level()).isEqualTo(SessionEvent.Level.ERROR);
              assertThat(notice.text())
                  .startsWith("The turn failed after 2 retries (API 500): API Error: 500");
            });
    assertThat(conversation.cells())
        .filteredOn(TurnFooterCell.class::isInstance)
        .map(c -> ((TurnFooterCell) c).failed())
        .containsExactly(true);
  }

  @Test
  void aRetryThatGotThroughShowsTheReplyAndNoFailure() {
    Conversation conversation = firstTurn("i-500-then-reply");

    assertThat(conversation.cells())
        .filteredOn(AssistantTextCell.class::isInstance)
        .map(c -> ((AssistantTextCell) c).text())
        .containsExactly("Hello from the fake server. This is a plain text reply.");
    assertThat(conversation.cells())
        .filteredOn(NoticeCell.class::isInstance)
        .map(c -> ((NoticeCell) c).level())
        .doesNotContain(SessionEvent.Level.ERROR);
    assertThat(MarkdownExport.render(conversation.cells())).doesNotContain("did not answer");
  }
}
