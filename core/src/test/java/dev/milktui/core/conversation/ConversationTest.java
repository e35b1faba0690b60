package dev.milktui.core.conversation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.diff.FileDiffs;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolCall;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.event.TurnSummary;
import dev.milktui.core.protocol.Json;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConversationTest {
  private final Conversation conversation = new Conversation();
  private final List<String> heard = new ArrayList<>();

  ConversationTest() {
    conversation.listen(
        new ConversationListener() {
          @Override
          public void added(Cell cell) {
            heard.add("added " + cell.getClass().getSimpleName());
          }

          @Override
          public void appended(StreamedTextCell cell, String delta) {
            heard.add("appended " + delta);
          }

          @Override
          public void changed(Cell cell) {
            heard.add("changed " + cell.getClass().getSimpleName());
          }

          @Override
          public void removed(Cell cell) {
            heard.add("removed " + cell.getClass().getSimpleName());
          }

          @Override
          public void cleared() {
            heard.add("cleared");
          }
        });
  }

  private static ToolCall call(String id, String name, ToolOutcome outcome, String result) {
    return new ToolCall(
        id,
        name,
        Json.object().put("file_path", "/w/a.txt"),
        null,
        outcome,
        result,
        Instant.EPOCH,
        outcome == ToolOutcome.RUNNING ? null : Duration.ofMillis(5));
  }

  @Test
  void releasingSettledCellsStopsAtTheFirstThatCanStillChange() {
    conversation.apply(new SessionEvent.UserPrompt("go", false));
    conversation.apply(new SessionEvent.ToolStarted(call("a", "Write", ToolOutcome.RUNNING, "")));
    conversation.apply(new SessionEvent.ToolStarted(call("b", "Write", ToolOutcome.RUNNING, "")));

    Cell prompt = conversation.cells().get(0);

    assertThat(conversation.releaseSettled()).containsExactly(prompt);

    conversation.apply(
        new SessionEvent.ToolFinished(call("a", "Write", ToolOutcome.STREAM_CLOSED, "closed")));
    conversation.apply(new SessionEvent.TextDelta("m", 0, "still streaming"));
    List<Cell> released = conversation.releaseSettled();

    assertThat(released).singleElement().isInstanceOf(ToolCallCell.class);
    assertThat(((ToolCallCell) released.get(0)).toolUseId()).isEqualTo("a");
    assertThat(conversation.cells()).hasSize(2);
  }

  @Test
  void aStatusLineStillUpdatedInPlaceIsNotReleased() {
    conversation.apply(new SessionEvent.ApiRetrying(1, 10, 500, 500, "overloaded"));

    assertThat(conversation.releaseSettled()).isEmpty();

    conversation.apply(new SessionEvent.UserPrompt("next", false));

    assertThat(conversation.releaseSettled()).hasSize(2);
    assertThat(conversation.cells()).isEmpty();
  }

  @Test
  void streamingTellsTheListenerOnlyWhatWasAppended() {
    conversation.apply(new SessionEvent.TextDelta("m", 0, "Hello "));
    conversation.apply(new SessionEvent.TextDelta("m", 0, "there"));

    assertThat(heard).containsExactly("added AssistantTextCell", "appended there");
    assertThat(((AssistantTextCell) conversation.cells().get(0)).text()).isEqualTo("Hello there");
  }

  @Test
  void aNewBlockOfTheSameMessageIsANewCell() {
    conversation.apply(new SessionEvent.TextDelta("m", 0, "one"));
    conversation.apply(new SessionEvent.TextDelta("m", 1, "two"));

    assertThat(conversation.cells()).hasSize(2);
  }

  @Test
  void textPastTheBoundIsCutWithAMarker() {
    String big = "x".repeat(Conversation.MAX_TEXT_CHARS - 1);
    conversation.apply(new SessionEvent.TextDelta("m", 0, big));
    conversation.apply(new SessionEvent.TextDelta("m", 0, "yz"));
    conversation.apply(new SessionEvent.TextDelta("m", 0, "more"));

    AssistantTextCell cell = (AssistantTextCell) conversation.cells().get(0);
    assertThat(cell.text()).endsWith("y" + StreamedTextCell.CUT_MARKER).doesNotContain("more");
  }

  @Test
  void aToolResultIsKeptOnlyUpToItsBound() {
    String result = "r".repeat(Conversation.TOOL_RESULT_KEEP + 10);
    conversation.apply(new SessionEvent.ToolFinished(call("t1", "Grep", ToolOutcome.OK, result)));

    ToolCallCell cell = (ToolCallCell) conversation.cells().get(0);
    assertThat(cell.result()).hasSizeLessThan(Conversation.TOOL_RESULT_KEEP + 60);
    assertThat(cell.result()).endsWith("(10 more characters not kept)");
  }

  @Test
  void aToolCallIsOneCellUpdatedInPlaceAndTakesItsDiff() {
    conversation.apply(new SessionEvent.ToolStarted(call("t1", "Edit", ToolOutcome.RUNNING, "")));
    conversation.apply(
        new SessionEvent.ToolDiffReady("t1", FileDiffs.between("/w/a.txt", "a\nb\n", "a\nc\n")));
    conversation.apply(new SessionEvent.ToolFinished(call("t1", "Edit", ToolOutcome.OK, "done")));

    assertThat(conversation.cells()).hasSize(1);
    ToolCallCell cell = (ToolCallCell) conversation.cells().get(0);
    assertThat(cell.summary()).isEqualTo("Added 1 line, removed 1 line");
    assertThat(heard)
        .containsExactly("added ToolCallCell", "changed ToolCallCell", "changed ToolCallCell");
  }

  @Test
  void bashErrorsSayTheExitCodeAndTheFirstErrorLine() {
    conversation.apply(
        new SessionEvent.ToolFinished(
            call("t1", "Bash", ToolOutcome.ERROR, "Exit code 2\nls: cannot access 'x'\nmore")));

    assertThat(((ToolCallCell) conversation.cells().get(0)).summary())
        .isEqualTo("exit 2: ls: cannot access 'x'");
  }

  @Test
  void sixModeChangesInARowAreOneLine() {
    for (String mode : List.of("acceptEdits", "plan", "default", "acceptEdits", "plan", "x")) {
      conversation.status("mode", SessionEvent.Level.INFO, "Permission mode: " + mode);
    }

    assertThat(conversation.cells()).hasSize(1);
    assertThat(((NoticeCell) conversation.cells().get(0)).text()).isEqualTo("Permission mode: x");
  }

  @Test
  void aStatusAfterAPromptStartsANewLine() {
    conversation.status("mode", SessionEvent.Level.INFO, "Permission mode: plan");
    conversation.apply(new SessionEvent.UserPrompt("hi", false));
    conversation.status("mode", SessionEvent.Level.INFO, "Permission mode: default");

    assertThat(conversation.cells()).hasSize(3);
  }

  @Test
  void aDismissedStatusLeavesTheConversation() {
    conversation.status("quit", SessionEvent.Level.INFO, "Press Ctrl+C again within 2 seconds");
    conversation.dismiss("quit");

    assertThat(conversation.cells()).isEmpty();
    assertThat(heard).containsExactly("added NoticeCell", "removed NoticeCell");
  }

  @Test
  void theSameApiErrorIsSaidOncePerPrompt() {
    SessionEvent.Notice error = new SessionEvent.Notice(SessionEvent.Level.ERROR, "API error 500");
    conversation.apply(error);
    conversation.apply(error);
    conversation.apply(new SessionEvent.UserPrompt("again", false));
    conversation.apply(error);

    assertThat(conversation.cells()).hasSize(3);
  }

  @Test
  void apiRetriesUpdateOneLine() {
    conversation.apply(new SessionEvent.ApiRetrying(1, 10, 500, 500, "overloaded"));
    conversation.apply(new SessionEvent.ApiRetrying(2, 10, 1000, 500, "overloaded"));

    assertThat(conversation.cells()).hasSize(1);
    assertThat(((NoticeCell) conversation.cells().get(0)).text()).contains("retry 2 of 10");
  }

  @Test
  void clearEmptiesTheConversationTellsTheListenersAndSaysSoWithoutNoResponse() {
    conversation.apply(new SessionEvent.UserPrompt("hello", false));
    conversation.apply(new SessionEvent.ConversationCleared("old-session"));
    heard.clear();

    conversation.apply(new SessionEvent.TurnFinished(quietTurn()));

    assertThat(conversation.cells())
        .extracting(Cell::getClass)
        .containsExactly(NoticeCell.class, TurnFooterCell.class);
    assertThat(((NoticeCell) conversation.cells().get(0)).text())
        .startsWith("Conversation cleared (/clear)");
  }

  @Test
  void compactionIsANoticeWithTheTokensBeforeAndAfterAndNotNoResponse() {
    conversation.apply(new SessionEvent.UserPrompt("/compact", false));
    conversation.apply(new SessionEvent.Compacted("manual", 48_200, 3_100));
    conversation.apply(new SessionEvent.TurnFinished(quietTurn()));

    assertThat(conversation.cells())
        .filteredOn(NoticeCell.class::isInstance)
        .extracting(c -> ((NoticeCell) c).text())
        .containsExactly("Conversation compacted: 48.2k → 3.1k tokens.");
  }

  /** A turn that ended well with no text and no tools (what /clear and /compact end with). */
  private static TurnSummary quietTurn() {
    return new TurnSummary(
        1,
        "s",
        "",
        List.of(),
        List.of(),
        List.of(),
        0,
        null,
        0,
        0,
        false,
        "success",
        "completed",
        "",
        List.of(),
        null,
        10,
        false);
  }
}
