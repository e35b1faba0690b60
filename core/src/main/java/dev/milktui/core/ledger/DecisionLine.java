package dev.milktui.core.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.protocol.Json;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * A {@link Decision} as one line of the ledger file: a JSON object, the time as ISO-8601 UTC. A
 * line that is not a whole entry reads as empty, never as part of one.
 */
public final class DecisionLine {
  private DecisionLine() {}

  public static ObjectNode toJson(Decision decision) {
    ObjectNode line = Json.object();
    line.put("time", decision.time().toString());
    line.put("session", decision.sessionId());
    line.put("kind", decision.kind().wireName());
    line.put("tool", decision.tool());
    if (decision.input() != null) {
      line.set("input", decision.input());
    }
    line.put("shown", decision.shown());
    line.put("decided", decision.decided());
    line.put("by", decision.by().wireName());
    line.put("source", decision.source());
    line.set("details", decision.details());
    return line;
  }

  /** The line without its newline. */
  public static String write(Decision decision) {
    return Json.write(toJson(decision));
  }

  /** The entry a line holds, or empty when it holds none (torn, not JSON, a field missing). */
  public static Optional<Decision> read(String line) {
    JsonNode node;
    try {
      node = Json.mapper().readTree(line);
    } catch (IOException e) {
      return Optional.empty();
    }
    if (node == null || !node.isObject()) {
      return Optional.empty();
    }
    Optional<Decision.Kind> kind = Decision.Kind.ofWireName(node.path("kind").asText());
    Optional<Decision.By> by = Decision.By.ofWireName(node.path("by").asText());
    if (kind.isEmpty() || by.isEmpty() || !node.path("decided").isTextual()) {
      return Optional.empty();
    }
    Instant time;
    try {
      time = Instant.parse(node.path("time").asText());
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
    JsonNode input = node.get("input");
    JsonNode details = node.get("details");
    return Optional.of(
        new Decision(
            time,
            node.path("session").asText(""),
            kind.get(),
            node.path("tool").asText(""),
            input == null || input.isNull() ? null : input,
            node.path("shown").asText(""),
            node.path("decided").asText(),
            by.get(),
            node.path("source").asText(""),
            details != null && details.isObject() ? (ObjectNode) details : null));
  }
}
