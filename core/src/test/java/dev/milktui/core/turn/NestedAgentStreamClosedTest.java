package dev.milktui.core.turn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.TurnSummary;
import dev.milktui.core.testkit.Recordings;
import org.junit.jupiter.api.Test;

/**
 * A subagent's own subagent whose call needed permission with the channel closed: the CLI (2.1.332)
 * never prints that call, only the result's permission_denials names it.
 */
class NestedAgentStreamClosedTest {
  private static final String RECORDING = "v4-nested-agent-stream-closed";

  private static Replay replay(boolean channelClosed) {
    Replay replay = new Replay();
    replay.accumulator.permissionChannelClosed(channelClosed);
    Recordings.messages(RECORDING).forEach(replay.accumulator::accept);
    return replay;
  }

  @Test
  void aDenialOfACallNeverPrintedWithTheChannelClosedIsAStreamClosedCallTheTranscriptNames() {
    Replay replay = replay(true);

    TurnSummary turn = replay.lastTurn();
    assertThat(turn.streamClosed())
        .singleElement()
        .satisfies(
            record -> {
              assertThat(record.toolUseId()).isEqualTo("toolu_level2_write");
              assertThat(record.toolName()).isEqualTo("Write");
              assertThat(record.input().path("file_path").asText())
                  .isEqualTo("/tmp/fake-anthropic-outside/nested.txt");
            });
    assertThat(turn.denials()).isEmpty();
    assertThat(replay.all(SessionEvent.GrantsNeeded.class)).hasSize(1);
    assertThat(replay.all(SessionEvent.Notice.class))
        .anySatisfy(
            n ->
                assertThat(n.text())
                    .startsWith("A nested agent's Write call failed: the permission channel was")
                    .contains("nested.txt"));
  }

  @Test
  void withTheChannelOpenTheSameDenialStaysADenial() {
    TurnSummary turn = replay(false).lastTurn();

    assertThat(turn.streamClosed()).isEmpty();
    assertThat(turn.denials()).extracting(d -> d.toolUseId()).containsExactly("toolu_level2_write");
  }
}
