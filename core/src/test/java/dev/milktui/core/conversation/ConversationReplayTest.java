package dev.milktui.core.conversation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.export.MarkdownExport;
import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.protocol.SystemMessage;
import dev.milktui.core.testkit.RecordingScenario;
import dev.milktui.core.testkit.Recordings;
import dev.milktui.core.turn.TurnAccumulator;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The reducer fed by the real accumulator from recordings of the real CLI. */
class ConversationReplayTest {

  static Conversation replay(String recording) {
    Conversation conversation = new Conversation();
    TurnAccumulator accumulator =
        new TurnAccumulator(
            conversation::apply,
            Clock.fixed(Instant.parse("2026-12-02T13:40:00Z"), ZoneOffset.UTC));
    Recordings.messages(recording).forEach(accumulator::accept);
    return conversation;
  }

  static List<String> rootTexts(Conversation conversation) {
    return conversation.cells().stream()
        .filter(AssistantTextCell.class::isInstance)
        .map(c -> ((AssistantTextCell) c).text())
        .toList();
  }

  static ToolCallCell call(List<Cell> cells, String id) {
    return cells.stream()
        .filter(ToolCallCell.class::isInstance)
        .map(ToolCallCell.class::cast)
        .filter(c -> c.toolUseId().equals(id))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aQuestionsAnswersAreKeptWholeInTheOrderTheQuestionsWereAsked() {
    Conversation conversation = replay("p8e-long-answer-plans-kept");

    ToolCallCell ask = call(conversation.cells(), "toolu_ask");
    assertThat(ask.answers())
        .containsExactly(
            new QuestionAnswer("Which language should the tool be written in?", "Java"),
            new QuestionAnswer("Where should the records be kept?", RecordingScenario.LONG_ANSWER));
    assertThat(call(conversation.cells(), "toolu_plan_2").answers()).isEmpty();
  }

  @Test
  void anImageInAToolResultIsAPlaceholderWithItsSizeAndKind() {
    Conversation conversation = replay("p9-image-input");

    ToolCallCell read =
        conversation.cells().stream()
            .filter(ToolCallCell.class::isInstance)
            .map(ToolCallCell.class::cast)
            .filter(c -> c.name().equals("Read"))
            .findFirst()
            .orElseThrow();
    assertThat(read.outcome()).isEqualTo(ToolOutcome.OK);
    assertThat(read.summary()).isEqualTo("[image, 69 B png]");
  }

  @Test
  void foregroundSubagentCallsSitUnderTheirAgentCallNotInClaudesReply() {
    Conversation conversation = replay("p1-subagent-fg-allow");

    assertThat(rootTexts(conversation))
        .containsExactly("Delegating to a subagent.", "Main: the subagent reported back.");
    ToolCallCell agent = call(conversation.cells(), "toolu_main_agent");
    assertThat(agent.name()).isEqualTo("Agent");
    assertThat(agent.outcome()).isEqualTo(ToolOutcome.OK);
    ToolCallCell nested = call(agent.children(), "toolu_sub_bash");
    assertThat(nested.parent()).isSameAs(agent);
    assertThat(nested.summary()).isEqualTo("(no output)");
    assertThat(conversation.cells()).noneMatch(c -> c == nested);
  }

  @Test
  void backgroundSubagentTextAfterTheTurnEndedStillGoesUnderItsAgentCall() {
    Conversation conversation = replay("p3-subagent-background");

    assertThat(rootTexts(conversation))
        .containsExactly(
            "Starting a background agent.",
            "Main: agent launched, I will wait.",
            "Main: got the background agent's notification.");
    ToolCallCell agent = call(conversation.cells(), "toolu_main_bg_agent");
    assertThat(agent.children())
        .anySatisfy(c -> assertThat(c).isInstanceOf(ToolCallCell.class))
        .anySatisfy(
            c ->
                assertThat(c)
                    .isInstanceOfSatisfying(
                        AssistantTextCell.class,
                        t -> assertThat(t.text()).isEqualTo("BG sub: done.")));
  }

  @Test
  void aBackgroundAgentsCallRunsUntilItsTaskEndsNotJustUntilItWasLaunched() {
    List<CliMessage> lines = Recordings.messages("p3-subagent-background");
    Conversation conversation = new Conversation();
    TurnAccumulator accumulator = new TurnAccumulator(conversation::apply);
    int notification = -1;
    for (int i = 0; i < lines.size() && notification < 0; i++) {
      CliMessage line = lines.get(i);
      if (line instanceof SystemMessage.TaskNotification) {
        ToolCallCell agent = call(conversation.cells(), "toolu_main_bg_agent");
        assertThat(agent.outcome())
            .as("launched, its turn over, its agent still working")
            .isEqualTo(ToolOutcome.RUNNING);
        notification = i;
      }
      accumulator.accept(line);
    }

    ToolCallCell agent = call(conversation.cells(), "toolu_main_bg_agent");
    assertThat(agent.outcome()).isEqualTo(ToolOutcome.OK);
  }

  @Test
  void aBackgroundAgentsCallEndsWithoutAResultWhenItsProcessEnds() {
    Conversation conversation = new Conversation();
    TurnAccumulator accumulator = new TurnAccumulator(conversation::apply);
    for (CliMessage line : Recordings.messages("p3-subagent-background")) {
      if (line instanceof SystemMessage.TaskNotification) {
        break;
      }
      accumulator.accept(line);
    }
    accumulator.processEnded();

    assertThat(call(conversation.cells(), "toolu_main_bg_agent").outcome())
        .isEqualTo(ToolOutcome.NO_RESULT);
  }

  @Test
  void theExportPutsSubagentWorkUnderItsAgentCallLabelledNotInClaudesReply() {
    String markdown = MarkdownExport.render(replay("p3-subagent-background").cells());
    int agent = markdown.indexOf("Agent");
    int sub = markdown.indexOf("*subagent:* BG sub: done.");
    assertThat(agent).isNotNegative();
    assertThat(sub).isGreaterThan(agent);
    // Only under its call, labelled: never as a line of Claude's own reply.
    assertThat(markdown.split("BG sub: done.", -1)).hasSize(2);
  }

  @Test
  void aCallTheUserDeniedSaysDeniedWithTheirReason() {
    Conversation conversation = replay("d-deny");

    ToolCallCell bash = call(conversation.cells(), "toolu_fake_bash_touch");
    assertThat(bash.outcome()).isEqualTo(ToolOutcome.DENIED);
    assertThat(bash.summary()).isEqualTo("denied: The user denied this in the TUI.");
    assertThat(conversation.cells())
        .filteredOn(NoticeCell.class::isInstance)
        .map(c -> ((NoticeCell) c).text())
        .contains("You denied Bash: The user denied this in the TUI.");
  }

  @Test
  void aBrokenStreamDropsItsPartialTextAndKeepsTheFullRetryOnce() {
    Conversation conversation = replay("i-stream-error-midway");

    assertThat(rootTexts(conversation))
        .containsExactly("This stream breaks in the middle with an overloaded error event.");
    assertThat(conversation.cells())
        .filteredOn(NoticeCell.class::isInstance)
        .map(c -> ((NoticeCell) c).text())
        .containsOnlyOnce(Conversation.STREAM_BROKE);
    // The export renders the same cells: the dropped partial text is not in the file either.
    String markdown = MarkdownExport.render(conversation.cells());
    assertThat(markdown.split("This str", -1)).hasSize(2);
  }

  @Test
  void everyTurnEndsWithAFooterCarryingItsCost() {
    Conversation conversation = replay("c-allowed-bash");

    Cell last = conversation.cells().get(conversation.cells().size() - 1);
    assertThat(last)
        .isInstanceOfSatisfying(
            TurnFooterCell.class,
            footer -> {
              assertThat(footer.turnNumber()).isEqualTo(1);
              assertThat(footer.tokens()).isPositive();
            });
  }

  @Test
  void aReadSaysHowManyLinesItRead() {
    Conversation conversation = replay("c-allowed-read");

    assertThat(conversation.cells())
        .filteredOn(ToolCallCell.class::isInstance)
        .map(c -> ((ToolCallCell) c).summary())
        .containsExactly("Read 3 lines");
  }

  @Test
  void theUsersPromptIsACell() {
    Conversation conversation = new Conversation();
    conversation.apply(new SessionEvent.UserPrompt("hello", false));
    assertThat(conversation.cells()).containsExactly(new PromptCell("hello", false));
  }
}
