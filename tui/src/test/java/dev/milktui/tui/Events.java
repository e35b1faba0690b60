package dev.milktui.tui;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.StreamClosedRecord;
import dev.milktui.core.event.ToolCall;
import dev.milktui.core.event.ToolOutcome;
import dev.milktui.core.event.TurnSummary;
import dev.milktui.core.protocol.ControlRequest;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.protocol.PermissionDenial;
import dev.milktui.core.protocol.PermissionSuggestion;
import dev.milktui.core.protocol.Usage;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Builders of core's real event types for tests. */
public final class Events {
  private Events() {}

  static ObjectNode input(String... keyValues) {
    ObjectNode node = Json.object();
    for (int i = 0; i < keyValues.length; i += 2) {
      node.put(keyValues[i], keyValues[i + 1]);
    }
    return node;
  }

  public static ToolCall tool(
      String id, String name, JsonNode input, ToolOutcome outcome, String result) {
    return new ToolCall(
        id,
        name,
        input,
        null,
        outcome,
        result,
        Instant.parse("2026-01-01T00:00:00Z"),
        outcome == ToolOutcome.RUNNING ? null : Duration.ofMillis(1500));
  }

  static TurnSummary summary(List<StreamClosedRecord> closed, List<PermissionDenial> denials) {
    return new TurnSummary(
        1,
        "sess-1234567890",
        "",
        List.of(),
        closed,
        denials,
        0,
        new Usage(100, 20, 0, 0),
        0.01,
        0.05,
        false,
        "success",
        "completed",
        "",
        List.of(),
        null,
        1000,
        false);
  }

  /** A turn the API failed, as the CLI ends it after its retries (recording i-500). */
  static TurnSummary failedTurn() {
    return new TurnSummary(
        1,
        "sess-1234567890",
        "",
        List.of(),
        List.of(),
        List.of(),
        10,
        new Usage(0, 0, 0, 0),
        0,
        0,
        true,
        "success",
        "completed",
        "API Error: 500 Internal server error",
        List.of(),
        500,
        1000,
        false);
  }

  /** A request whose answers land in {@code answers}. */
  static PermissionRequest request(
      String id,
      String tool,
      JsonNode input,
      List<PermissionSuggestion> suggestions,
      List<String> answers) {
    ControlRequest.CanUseTool canUse =
        new ControlRequest.CanUseTool(
            tool,
            tool,
            input,
            "Claude wants to run " + tool,
            null,
            suggestions,
            null,
            null,
            null,
            "toolu_" + id,
            Json.object());
    return new PermissionRequest(
        id,
        canUse,
        (request, line) -> {
          answers.add(line);
          return true;
        });
  }

  static List<String> answers() {
    return new ArrayList<>();
  }
}
