package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyType;
import dev.milktui.core.testkit.Recordings;
import dev.milktui.core.turn.TurnAccumulator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The transcript as a rendering of the conversation's cells: folded calls, status lines. */
class ConversationKeysTest {

  private static List<String> transcript(Harness h) {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < h.controller.transcript().lineCount(); i++) {
      lines.add(h.controller.transcript().line(i).plain());
    }
    return lines;
  }

  private static long count(String screen, String text) {
    return screen.lines().filter(line -> line.contains(text)).count();
  }

  @Test
  void aSubagentsCallsStayFoldedUnderItsAgentCallUntilEnterExpandsIt() {
    Harness h = new Harness(100, 40);
    TurnAccumulator accumulator = new TurnAccumulator(h.listener());
    Recordings.messages("p1-subagent-fg-allow").forEach(accumulator::accept);
    h.pump();

    assertThat(transcript(h))
        .contains("● Agent Probe agent", "Delegating to a subagent.")
        .noneMatch(line -> line.contains("touch sub-made.txt"))
        .anyMatch(line -> line.contains("subagent: 1 tool call, 0 messages (folded"));

    h.key(KeyType.Tab).type("p").key(KeyType.Enter);

    assertThat(transcript(h))
        .contains("▶ Agent Probe agent", "    ● Bash touch sub-made.txt", "      ⎿ (no output)");
    h.key(KeyType.Enter);
    assertThat(transcript(h)).noneMatch(line -> line.contains("touch sub-made.txt"));
  }

  @Test
  void theQuitOfferLeavesTheTranscriptOnceASecondCtrlCWouldNoLongerQuit() {
    Harness h = new Harness(100, 30);
    h.ctrl('c');
    assertThat(h.screen()).contains("Press Ctrl+C again within 2 seconds to quit.");

    h.clock.advance(Duration.ofSeconds(3));
    h.controller.tick();
    h.pump();

    assertThat(h.screen()).doesNotContain("Press Ctrl+C again");
  }

  @Test
  void ctrlCTwiceQuitsAReplayWhoseBoxShowsItsReadOnlyNote() {
    Harness h = Harness.readOnly(100, 30, "Replay: read-only, nothing is sent.");
    assertThat(h.screen()).contains("Replay: read-only, nothing is sent.");

    h.ctrl('c');
    assertThat(h.screen()).contains("Press Ctrl+C again within 2 seconds to quit.");
    h.ctrl('c');

    assertThat(h.controller.quitRequested()).isDone();
  }

  @Test
  void sixModeChangesInARowShowAsOneLine() {
    Harness h = new Harness(100, 30);
    for (int i = 0; i < 6; i++) {
      h.key(KeyType.F2);
    }

    assertThat(h.session().modes).hasSize(6);
    assertThat(count(h.screen(), "Permission mode:")).isEqualTo(1);
    assertThat(h.screen()).contains("Permission mode: default");
  }
}
