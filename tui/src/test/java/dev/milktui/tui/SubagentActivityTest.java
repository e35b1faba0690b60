package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.session.SessionEngine;
import dev.milktui.core.testkit.Recordings;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A foreground subagent (recording p1-subagent-fg-allow) asks for a permission and runs on after
 * the answer: what the status bar and the rows say meanwhile.
 */
class SubagentActivityTest {
  private final List<String> written = new ArrayList<>();
  private final Harness h = new Harness(120, 36);
  private final SessionEngine engine = new SessionEngine(h.listener());
  private List<CliMessage> lines = Recordings.messages("p1-subagent-fg-allow");
  private int next;

  /** Routes the recording's lines up to and including the first that {@code last} matches. */
  private Harness replayThrough(String last) {
    while (next < lines.size()) {
      CliMessage message = lines.get(next++);
      engine.route(
          message,
          id ->
              (request, line) -> {
                written.add(line);
                return true;
              },
          written::add);
      if (message.raw().toString().contains(last)) {
        break;
      }
    }
    return h.pump();
  }

  @Test
  void theSubagentsAnsweredRequestNoLongerWaitsForYou() {
    replayThrough("\"can_use_tool\"");
    assertThat(h.screen()).contains("waiting for you");

    h.type("y");
    assertThat(written).anyMatch(line -> line.contains("\"behavior\":\"allow\""));
    assertThat(h.screen())
        .as("what claude does again: the allowed call runs")
        .doesNotContain("waiting for you")
        .contains("● running tool (Bash)");
    replayThrough("\"tool_use_id\":\"toolu_sub_bash\"");
    assertThat(h.screen()).doesNotContain("waiting for you");
  }

  @Test
  void aBackgroundAgentsRowRunsUntilItsTaskEndsNotJustUntilItWasLaunched() {
    lines = Recordings.messages("p3-subagent-background");
    replayThrough("Async agent launched");
    assertThat(h.screen()).contains("… running Agent Background probe");
    replayThrough("\"type\":\"result\"");
    assertThat(h.screen())
        .as("the turn is over, the agent is not")
        .contains("turn 1 done")
        .contains("… running Agent Background probe");

    replayThrough("\"subtype\":\"task_notification\"");
    assertThat(h.screen()).contains("✓ ok      Agent Background probe");
  }
}
