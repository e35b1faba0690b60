package dev.milktui.tui.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.ToolCall;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.event.TurnSummary;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.Usage;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;

/** Session events for one synthetic turn: a prompt, lines of text, tool calls, the end. */
final class Turns {
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

  private Turns() {}

  /** Emits a turn of {@code lines} text lines (each shorter than the screen) and {@code tools}. */
  static void turn(Consumer<SessionEvent> out, int number, int lines, int tools) {
    out.accept(new SessionEvent.UserPrompt("question " + number, false));
    String msg = "msg_" + number;
    int toolEvery = tools == 0 ? Integer.MAX_VALUE : Math.max(1, lines / tools);
    int toolsDone = 0;
    for (int line = 0; line < lines; line++) {
      out.accept(
          new SessionEvent.TextDelta(
              msg, 0, "Line " + line + " of turn " + number + ": the quick brown fox jumps.\n"));
      if ((line + 1) % toolEvery == 0 && toolsDone < tools) {
        ToolCall call = call(number + "_" + toolsDone, ToolOutcome.RUNNING, "");
        out.accept(new SessionEvent.ToolStarted(call));
        out.accept(
            new SessionEvent.ToolFinished(
                call(number + "_" + toolsDone, ToolOutcome.OK, "done " + toolsDone)));
        toolsDone++;
      }
    }
    out.accept(new SessionEvent.TurnFinished(summary()));
  }

  static ToolCall call(String id, ToolOutcome outcome, String result) {
    ObjectNode input = Json.object().put("command", "echo " + id);
    return new ToolCall(
        "toolu_" + id,
        "Bash",
        input,
        null,
        outcome,
        result,
        T0,
        outcome == ToolOutcome.RUNNING ? null : Duration.ofMillis(1200));
  }

  static TurnSummary summary() {
    return new TurnSummary(
        1,
        "bench-session",
        "text",
        List.of(),
        List.of(),
        List.of(),
        0,
        new Usage(10, 10, 0, 0),
        0.0,
        0.0,
        false,
        "success",
        "end_turn",
        "",
        List.of(),
        null,
        1000,
        false);
  }
}
