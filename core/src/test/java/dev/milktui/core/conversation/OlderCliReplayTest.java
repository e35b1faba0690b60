package dev.milktui.core.conversation;

import static dev.milktui.core.conversation.ConversationReplayTest.replay;
import static dev.milktui.core.conversation.ConversationReplayTest.rootTexts;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The conversation of recordings made by older CLIs (see the recordings' README): the same
 * conversation whatever the version that printed it.
 */
class OlderCliReplayTest {

  @ParameterizedTest
  @ValueSource(strings = {"claude-2.0.77", "claude-2.1.240", "claude-2.1.294", "claude-2.1.300"})
  void eachApiMessageOfATurnIsShownOnceAndApart(String version) {
    Conversation conversation = replay(version + "/v1-two-messages");

    assertThat(rootTexts(conversation))
        .containsExactly("Running the command.", "## Done\n\nThe command printed **hi**.");
    assertThat(thinking(conversation)).containsExactly("The command printed hi.");
  }

  @ParameterizedTest
  @ValueSource(strings = {"claude-2.0.77", "claude-2.1.240", "claude-2.1.294", "claude-2.1.300"})
  void aTurnTheHostInterruptedEndsInterruptedWithItsPartialTextKept(String version) {
    Conversation conversation = replay(version + "/v2-interrupt");

    assertThat(conversation.cells())
        .filteredOn(TurnFooterCell.class::isInstance)
        .singleElement()
        .satisfies(footer -> assertThat(((TurnFooterCell) footer).interrupted()).isTrue());
    assertThat(rootTexts(conversation))
        .singleElement()
        .satisfies(text -> assertThat(text).startsWith("This is a long reply"));
  }

  private static List<String> thinking(Conversation conversation) {
    return conversation.cells().stream()
        .filter(ThinkingCell.class::isInstance)
        .map(c -> ((ThinkingCell) c).text())
        .toList();
  }
}
