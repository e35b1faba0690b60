package dev.milktui.core.conversation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.export.MarkdownExport;
import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.testkit.Recordings;
import dev.milktui.core.turn.TurnAccumulator;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A newer CLI adds line types, subtypes, event and block kinds and fields: every recording, with
 * unknown fields put in every object of every line (first or last) and unknown lines and blocks put
 * between and inside the real ones, gives the same events and the same conversation as it is.
 */
class UnknownShapesToleranceTest {

  /** What the model wrote and the CLI shows whole: a field added there is a real change. */
  private static final Set<String> VERBATIM =
      Set.of("input", "tool_input", "tool_use_result", "requested_schema", "updatedInput");

  private static final List<String> UNKNOWN_LINES =
      List.of(
          "{\"type\":\"x_future_line\",\"data\":{\"a\":[1,{\"b\":null}]}}",
          "{\"type\":\"system\",\"subtype\":\"x_future_subtype\",\"content\":\"later\"}",
          "{\"type\":\"stream_event\",\"event\":{\"type\":\"x_future_event\",\"index\":0},"
              + "\"parent_tool_use_id\":null}",
          "{\"type\":\"stream_event\",\"event\":{\"type\":\"content_block_delta\",\"index\":97,"
              + "\"delta\":{\"type\":\"x_future_delta\",\"value\":\"?\"}},"
              + "\"parent_tool_use_id\":null}",
          "{\"type\":\"x_future_line\"}");

  static List<String> recordings() {
    return Recordings.names();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("recordings")
  void unknownFieldsLinesAndBlocksChangeNothingOfTheConversation(String recording)
      throws IOException {
    List<SessionEvent> asRecorded = new ArrayList<>();
    Conversation recorded = replay(Recordings.messages(recording), asRecorded);
    List<SessionEvent> withUnknowns = new ArrayList<>();
    Conversation extended =
        replay(
            Recordings.messages(
                recording,
                new ByteArrayInputStream(
                    extend(Files.readAllLines(Recordings.ndjson(recording)))
                        .getBytes(StandardCharsets.UTF_8))),
            withUnknowns);

    assertThat(withUnknowns).containsExactlyElementsOf(asRecorded);
    assertThat(MarkdownExport.render(extended.cells()))
        .isEqualTo(MarkdownExport.render(recorded.cells()));
  }

  private static Conversation replay(List<CliMessage> messages, List<SessionEvent> events) {
    Conversation conversation = new Conversation();
    TurnAccumulator accumulator =
        new TurnAccumulator(
            event -> {
              events.add(event);
              conversation.apply(event);
            },
            Clock.fixed(Instant.parse("2026-12-02T13:40:00Z"), ZoneOffset.UTC));
    messages.forEach(accumulator::accept);
    return conversation;
  }

  private static String extend(List<String> lines) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).isBlank()) {
        continue;
      }
      out.append(UNKNOWN_LINES.get(i % UNKNOWN_LINES.size())).append('\n');
      out.append(withUnknownFields(read(lines.get(i)), i % 2 == 0)).append('\n');
    }
    return out.toString();
  }

  private static JsonNode read(String line) {
    try {
      return Json.mapper().readTree(line);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The node with an unknown field in every object, first or last, and a block in content. */
  private static JsonNode withUnknownFields(JsonNode node, boolean first) {
    if (node instanceof ArrayNode array) {
      ArrayNode copy = Json.mapper().createArrayNode();
      array.forEach(element -> copy.add(withUnknownFields(element, !first)));
      return copy;
    }
    if (!(node instanceof ObjectNode object)) {
      return node;
    }
    ObjectNode copy = Json.mapper().createObjectNode();
    if (first) {
      copy.putObject("x_future_field").putArray("list").add(1).add("two");
    }
    for (Map.Entry<String, JsonNode> field : object.properties()) {
      JsonNode value =
          VERBATIM.contains(field.getKey())
              ? field.getValue()
              : withUnknownFields(field.getValue(), !first);
      if (field.getKey().equals("content") && value instanceof ArrayNode blocks) {
        blocks.addObject().put("type", "x_future_block").put("text", "not shown");
      }
      copy.set(field.getKey(), value);
    }
    if (!first) {
      copy.put("x_future_flag", true);
    }
    return copy;
  }
}
