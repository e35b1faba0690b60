package dev.milktui.core.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.testkit.Recordings;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class MessageParserTest {

  static List<String> transcripts() {
    return Recordings.names();
  }

  static CliMessage parse(String json) {
    try {
      return MessageParser.parse(Json.mapper().readTree(json));
    } catch (JsonProcessingException e) {
      throw new AssertionError(e);
    }
  }

  static <T> T first(String transcript, Class<T> type) {
    return Recordings.messages(transcript).stream()
        .filter(type::isInstance)
        .map(type::cast)
        .findFirst()
        .orElseThrow(() -> new AssertionError(transcript + " has no " + type.getSimpleName()));
  }

  private static final Map<String, Class<? extends CliMessage>> TYPES =
      Map.of(
          "system", SystemMessage.class,
          "stream_event", StreamEventMessage.class,
          "assistant", AssistantMessage.class,
          "user", UserMessage.class,
          "result", ResultMessage.class,
          "control_request", ControlRequestMessage.class,
          "control_response", ControlResponseMessage.class,
          "tool_progress", ToolProgress.class,
          "command_lifecycle", CommandLifecycle.class,
          "conversation_reset", ConversationReset.class);

  /**
   * Lines the recordings hold that milk-tui does not model yet: kept whole as {@link
   * SystemMessage.Other} or {@link UnknownMessage}, never dropped and never fatal.
   */
  private static final Set<String> KEPT_RAW =
      Set.of("system/hook_response", "system/hook_started", "system/thinking_tokens");

  @ParameterizedTest
  @MethodSource("transcripts")
  void everyRecordedLineBecomesItsTypedMessageOrIsKeptWholeWhenNotModelled(String transcript) {
    List<CliMessage> messages = Recordings.messages(transcript);

    assertThat(messages).isNotEmpty();
    for (CliMessage message : messages) {
      String type = message.raw().get("type").textValue();
      String kind = type + "/" + message.raw().path("subtype").asText("");
      if (KEPT_RAW.contains(kind)) {
        assertThat(message).isInstanceOfAny(SystemMessage.Other.class, UnknownMessage.class);
        continue;
      }
      assertThat(message).as(message.raw().toString()).isInstanceOf(TYPES.get(type));
      assertThat(message).isNotInstanceOf(SystemMessage.Other.class);
      if (message instanceof StreamEventMessage event) {
        assertThat(event.event()).isNotInstanceOf(StreamEvent.Other.class);
        if (!transcript.startsWith("claude-")) {
          // The field came with CLI 2.1.295; older CLIs name the message only at message_start.
          assertThat(event.apiMessageId()).startsWith("msg_");
        }
      }
      if (message instanceof AssistantMessage assistant) {
        assertThat(assistant.content()).hasSize(1).noneMatch(b -> b instanceof ContentBlock.Other);
      }
    }
  }

  @Test
  void backgroundTaskLinesCarryTheTaskItsStepAndItsEnd() {
    List<CliMessage> lines = Recordings.messages("p3-subagent-background");
    SystemMessage.BackgroundTasksChanged listed =
        first("p3-subagent-background", SystemMessage.BackgroundTasksChanged.class);
    assertThat(listed.tasks())
        .containsExactly(
            new SystemMessage.ListedTask("ae579ff383922bc1d", "local_agent", "Background probe"));
    SystemMessage.TaskProgress progress =
        first("p3-subagent-background", SystemMessage.TaskProgress.class);
    assertThat(progress.taskId()).isEqualTo("ae579ff383922bc1d");
    assertThat(progress.toolUseId()).isEqualTo("toolu_main_bg_agent");
    assertThat(progress.description()).isEqualTo("Running Echo in bg agent");
    assertThat(progress.lastToolName()).isEqualTo("Bash");
    assertThat(first("p3-subagent-background", SystemMessage.TaskUpdated.class).status())
        .isEqualTo("completed");
    assertThat(lines)
        .filteredOn(SystemMessage.BackgroundTasksChanged.class::isInstance)
        .last()
        .satisfies(m -> assertThat(((SystemMessage.BackgroundTasksChanged) m).tasks()).isEmpty());
  }

  @Test
  void compactBoundaryCarriesTokensBeforeAndAfterAndClearNamesTheNewConversation() {
    SystemMessage.CompactBoundary boundary =
        first("p6-slash-commands", SystemMessage.CompactBoundary.class);
    assertThat(boundary.trigger()).isEqualTo("manual");
    assertThat(boundary.preTokens()).isEqualTo(4648);
    assertThat(boundary.postTokens()).isEqualTo(2560);
    assertThat(first("p15-autocompact", SystemMessage.CompactBoundary.class).trigger())
        .isEqualTo("auto");
    ConversationReset reset = first("p6-slash-commands", ConversationReset.class);
    assertThat(reset.trigger()).isEqualTo("clear");
    assertThat(reset.newConversationId()).isEqualTo("612484e7-1f13-4d3f-9cfd-bad87cc486df");
  }

  @Test
  void initListsSlashCommandsSkillsAndCapabilities() {
    SystemMessage.Init init = first("p6-slash-commands", SystemMessage.Init.class);
    assertThat(init.slashCommands()).contains("compact", "context", "clear", "model");
    assertThat(init.skills()).contains("simplify").doesNotContain("compact");
    assertThat(init.capabilities()).contains("msg_lifecycle_v1");
  }

  @Test
  void initCarriesSessionCwdModelModeVersionToolsAndDirectories() {
    SystemMessage.Init init = first("g2-resume-with-adddir", SystemMessage.Init.class);

    assertThat(init.sessionId()).isEqualTo("7d0c2f4e-1111-4a2b-9c3d-000000000001");
    assertThat(init.sessionId()).isEqualTo(((CliMessage) init).sessionId());
    assertThat(init.cwd()).isEqualTo("/home/dev/project");
    assertThat(init.model()).isEqualTo("claude-opus-5-5");
    assertThat(init.permissionMode()).isEqualTo("default");
    assertThat(init.claudeVersion()).isEqualTo("2.1.332");
    assertThat(init.tools()).contains("Bash", "Read", "Write", "Edit");
    assertThat(init.additionalDirectories()).containsExactly("/tmp/fake-anthropic-outside");
    assertThat(first("claude-2.0.77/f1-ppt-arg-devnull", SystemMessage.Init.class).claudeVersion())
        .isEqualTo("2.0.77");
  }

  @Test
  void canUseToolCarriesInputDisplayFieldsAndEverySuggestionKind() {
    ControlRequestMessage message = first("d-allow", ControlRequestMessage.class);

    assertThat(message.requestId()).isEqualTo("8074ccc0-9c33-420f-9b88-bec04041c737");
    assertThat(message.sessionId()).isNull();
    assertThat(message.request()).isInstanceOf(ControlRequest.CanUseTool.class);
    ControlRequest.CanUseTool request = (ControlRequest.CanUseTool) message.request();
    assertThat(request.subtype()).isEqualTo("can_use_tool");
    assertThat(request.toolName()).isEqualTo("Bash");
    assertThat(request.displayName()).isEqualTo("Bash");
    assertThat(request.input().get("command").textValue()).isEqualTo("touch made-by-bash.txt");
    assertThat(request.description()).isEqualTo("Create a file");
    assertThat(request.blockedPath()).isEqualTo("/home/dev/project/made-by-bash.txt");
    assertThat(request.toolUseId()).isEqualTo("toolu_fake_bash_touch");
    assertThat(request.permissionSuggestions()).hasSize(3);

    var rules = (PermissionSuggestion.AddRules) request.permissionSuggestions().get(0);
    assertThat(rules.behavior()).isEqualTo("allow");
    assertThat(rules.destination()).isEqualTo("localSettings");
    assertThat(rules.rules())
        .containsExactly(new PermissionSuggestion.Rule("Bash", "touch made-by-bash.txt"));
    assertThat(rules.rules().get(0).asSettingsRule()).isEqualTo("Bash(touch made-by-bash.txt)");
    var dirs = (PermissionSuggestion.AddDirectories) request.permissionSuggestions().get(1);
    assertThat(dirs.directories()).containsExactly("/home/dev/project");
    assertThat(dirs.destination()).isEqualTo("session");
    var mode = (PermissionSuggestion.SetMode) request.permissionSuggestions().get(2);
    assertThat(mode.mode()).isEqualTo("acceptEdits");
    assertThat(mode.raw()).isEqualTo(message.raw().at("/request/permission_suggestions/2"));
  }

  @Test
  void successResultCarriesDenialsUsageCostAndTerminalReason() {
    ResultMessage result = first("f1-ppt-arg-devnull", ResultMessage.class);

    assertThat(result.subtype()).isEqualTo("success");
    assertThat(result.isError()).isFalse();
    assertThat(result.numTurns()).isEqualTo(2);
    assertThat(result.result()).isEqualTo("Finished after the tool call.");
    assertThat(result.stopReason()).isEqualTo("end_turn");
    assertThat(result.terminalReason()).isEqualTo("completed");
    assertThat(result.totalCostUsd()).isEqualTo(0.036399999999999995);
    assertThat(result.usage()).isEqualTo(new Usage(8850, 50, 0, 0));
    assertThat(result.modelUsage().has("claude-opus-5-5")).isTrue();
    assertThat(result.apiErrorStatus()).isNull();
    assertThat(result.errors()).isEmpty();
    assertThat(result.durationMs()).isPositive();
    assertThat(result.permissionDenials())
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.toolName()).isEqualTo("Bash");
              assertThat(d.toolUseId()).isEqualTo("toolu_fake_bash_touch");
              assertThat(d.toolInput().get("command").textValue())
                  .isEqualTo("touch made-by-bash.txt");
            });
  }

  @Test
  void apiErrorResultIsSuccessSubtypeWithIsErrorAndStatus() {
    ResultMessage result = first("i-500", ResultMessage.class);

    assertThat(result.subtype()).isEqualTo("success");
    assertThat(result.isError()).isTrue();
    assertThat(result.terminalReason()).isEqualTo("api_error");
    assertThat(result.apiErrorStatus()).isEqualTo(500);
    assertThat(result.apiErrorType()).isEqualTo("api_error");
    assertThat(result.totalCostUsd()).isZero();
    assertThat(result.result()).startsWith("API Error: 500");

    AssistantMessage synthetic = first("i-500", AssistantMessage.class);
    assertThat(synthetic.apiError()).isTrue();
    assertThat(synthetic.model()).isEqualTo("<synthetic>");
    assertThat(synthetic.error()).isEqualTo("server_error");
    assertThat(synthetic.apiErrorStatus()).isEqualTo(500);
  }

  @Test
  void failedResumeResultCarriesErrors() {
    ResultMessage result = first("g4-resume-unknown-id", ResultMessage.class);

    assertThat(result.subtype()).isEqualTo("error_during_execution");
    assertThat(result.isError()).isTrue();
    assertThat(result.errors())
        .containsExactly(
            "No conversation found with session ID: 00000000-0000-4000-8000-000000000000");
  }

  @Test
  void interruptedAssistantLineIsMarkedAborted() {
    AssistantMessage aborted = first("h-interrupt", AssistantMessage.class);

    assertThat(aborted.aborted()).isTrue();
    assertThat(aborted.content())
        .containsExactly(new ContentBlock.Text("This reply streams slowly so t"));
  }

  @Test
  void toolResultWithStringContentAndIsErrorFalseAndMeta() {
    UserMessage user = first("c-allowed-bash", UserMessage.class);

    assertThat(user.content())
        .containsExactly(new ContentBlock.ToolResult("toolu_fake_bash_1", "hi", false));
    assertThat(user.toolUseResult().get("stdout").textValue()).isEqualTo("hi");
    assertThat(user.toolResultMeta())
        .containsExactly(
            new ToolResultMeta("toolu_fake_bash_1", null, "accept", "config", "subcommandResults"));
  }

  @Test
  void toolResultWithoutIsErrorKeepsItAbsent() {
    UserMessage user = first("c-allowed-read", UserMessage.class);

    ContentBlock.ToolResult result = (ContentBlock.ToolResult) user.content().get(0);
    assertThat(result.isError()).isNull();
    assertThat(result.failed()).isFalse();
    assertThat(result.text()).isEqualTo("1\tline one\n2\tline two\n3\t");
  }

  @Test
  void streamClosedToolResultCarriesRejectMeta() {
    UserMessage user = first("f1-ppt-arg-devnull", UserMessage.class);

    assertThat(user.content())
        .containsExactly(
            new ContentBlock.ToolResult(
                "toolu_fake_bash_touch",
                "Tool permission request failed: AbortError: Stream closed",
                true));
    assertThat(user.toolUseResult().textValue())
        .isEqualTo("Error: Tool permission request failed: AbortError: Stream closed");
    assertThat(user.toolResultMeta())
        .containsExactly(
            new ToolResultMeta(
                "toolu_fake_bash_touch", "permission-rule", "reject", "config", "other"));
  }

  @Test
  void toolResultBlockArrayContentIsJoinedTextWithImagesAsPlaceholders() {
    UserMessage user =
        (UserMessage)
            parse(
                """
                {"type":"user","message":{"role":"user","content":[{"type":"tool_result",
                 "tool_use_id":"t1","is_error":true,"content":[{"type":"text","text":"first"},
                 {"type":"image","source":{}},{"type":"text","text":"Stream closed"}]}]}}
                """);

    assertThat(user.content())
        .containsExactly(new ContentBlock.ToolResult("t1", "first\n[image]\nStream closed", true));
  }

  @Test
  void anImagePlaceholderSaysTheDecodedSizeAndTheKind() {
    String twelveKib = "A".repeat(12 * 1024 / 3 * 4);
    assertThat(
            MessageParser.imagePlaceholder(
                Json.mapper()
                    .createObjectNode()
                    .put("type", "image")
                    .set(
                        "source",
                        Json.mapper()
                            .createObjectNode()
                            .put("media_type", "image/png")
                            .put("data", twelveKib))))
        .isEqualTo("[image, 12 KiB png]");
  }

  @Test
  void interruptMarkerIsATextBlock() {
    UserMessage marker =
        (UserMessage)
            Recordings.messages("h-interrupt").stream()
                .filter(UserMessage.class::isInstance)
                .findFirst()
                .orElseThrow();

    assertThat(marker.content())
        .containsExactly(new ContentBlock.Text("[Request interrupted by user]"));
  }

  @Test
  void toolProgressNamesTheRunningCall() {
    ToolProgress progress = first("k-long-tool-keepalive", ToolProgress.class);

    assertThat(progress.toolUseId()).isEqualTo("toolu_fake_long-heartbeat-0");
    assertThat(progress.toolName()).isEqualTo("Bash");
    assertThat(progress.parentToolUseId()).isEqualTo("toolu_fake_long");
    assertThat(progress.elapsedSeconds()).isEqualTo(30.0);
    assertThat(progress.heartbeat()).isTrue();
    assertThat(first("k-long-tool-keepalive", SystemMessage.TaskStarted.class).toolUseId())
        .isEqualTo("toolu_fake_long");
    assertThat(first("k-long-tool-keepalive", SystemMessage.TaskNotification.class).status())
        .isEqualTo("completed");
  }

  @Test
  void controlResponseToAnInterruptCarriesRequestIdAndResponse() {
    ControlResponseMessage response = first("h-interrupt", ControlResponseMessage.class);

    assertThat(response.requestId()).isEqualTo("host-interrupt-1");
    assertThat(response.success()).isTrue();
    assertThat(response.response().get("still_queued").isArray()).isTrue();
    assertThat(response.error()).isNull();
  }

  @Test
  void permissionDeniedAndApiRetrySystemLines() {
    SystemMessage.PermissionDenied denied =
        first("e-no-ppt-bash", SystemMessage.PermissionDenied.class);
    assertThat(denied.toolName()).isEqualTo("Bash");
    assertThat(denied.toolUseId()).isEqualTo("toolu_fake_bash_touch");

    SystemMessage.ApiRetry retry = first("i-500", SystemMessage.ApiRetry.class);
    assertThat(retry.attempt()).isEqualTo(1);
    assertThat(retry.maxRetries()).isEqualTo(2);
    assertThat(retry.errorStatus()).isEqualTo(500);
    assertThat(retry.error()).isEqualTo("server_error");
  }

  @Test
  void abandonedMessageStopIsFlagged() {
    List<StreamEvent> stops =
        Recordings.messages("i-stream-error-midway").stream()
            .filter(StreamEventMessage.class::isInstance)
            .map(m -> ((StreamEventMessage) m).event())
            .filter(StreamEvent.MessageStop.class::isInstance)
            .toList();

    assertThat(stops).containsExactly(new StreamEvent.MessageStop(true));
  }

  @Test
  void handMadeControlCancelRequest() {
    CliMessage message =
        parse("{\"type\":\"control_cancel_request\",\"request_id\":\"9b4ae8d7-1\"}");

    assertThat(message).isInstanceOf(ControlCancelRequest.class);
    assertThat(((ControlCancelRequest) message).requestId()).isEqualTo("9b4ae8d7-1");
  }

  @Test
  void handMadeCommandLifecycle() {
    CliMessage message =
        parse(
            "{\"type\":\"command_lifecycle\",\"command_uuid\":\"5a4e\",\"state\":\"queued\","
                + "\"session_id\":\"s1\"}");

    assertThat(message).isEqualTo(new CommandLifecycle("5a4e", "queued", message.raw()));
    assertThat(message.sessionId()).isEqualTo("s1");
  }

  @Test
  void handMadeRateLimitEventIsKeptWhole() {
    CliMessage message =
        parse("{\"type\":\"rate_limit_event\",\"rate_limit_info\":{\"status\":\"allowed\"}}");

    assertThat(message).isInstanceOf(RateLimitEvent.class);
    assertThat(message.raw().at("/rate_limit_info/status").textValue()).isEqualTo("allowed");
  }

  @Test
  void unknownOrMissingTypeIsKeptAsUnknownWithRawJson() {
    CliMessage unknown = parse("{\"type\":\"brand_new\",\"x\":1}");
    CliMessage untyped = parse("{\"x\":1}");

    assertThat(unknown).isEqualTo(new UnknownMessage("brand_new", unknown.raw()));
    assertThat(unknown.raw().get("x").intValue()).isEqualTo(1);
    assertThat(untyped).isEqualTo(new UnknownMessage(null, untyped.raw()));
  }

  @Test
  void wrongJsonTypesForKnownFieldsReadAsAbsent() {
    ResultMessage result =
        (ResultMessage)
            parse(
                """
                {"type":"result","subtype":1,"is_error":"true","num_turns":"2","result":[],
                 "total_cost_usd":"0.5","usage":"lots","permission_denials":{"a":1},
                 "api_error_status":"500","errors":"boom","duration_ms":true}
                """);

    assertThat(result.subtype()).isNull();
    assertThat(result.isError()).isFalse();
    assertThat(result.numTurns()).isZero();
    assertThat(result.result()).isNull();
    assertThat(result.totalCostUsd()).isZero();
    assertThat(result.usage()).isEqualTo(Usage.NONE);
    assertThat(result.permissionDenials()).isEmpty();
    assertThat(result.apiErrorStatus()).isNull();
    assertThat(result.errors()).isEmpty();
  }

  /**
   * Replaces each field of one line per recorded line kind, in turn, with values of every other
   * JSON type: the parser must still return a message.
   */
  @Test
  void noWrongTypedFieldAnywhereInARecordedLineMakesTheParserThrow() {
    Set<String> kinds = new HashSet<>();
    List<JsonNode> samples = new ArrayList<>();
    for (String transcript : Recordings.names()) {
      for (CliMessage message : Recordings.messages(transcript)) {
        JsonNode raw = message.raw();
        String kind =
            raw.path("type").asText()
                + "/"
                + raw.path("subtype").asText()
                + "/"
                + raw.path("event").path("type").asText();
        if (kinds.add(kind)) {
          samples.add(raw);
        }
      }
    }
    int mutations = 0;
    for (JsonNode sample : samples) {
      for (List<Object> path : fieldPaths(sample, new ArrayList<>())) {
        for (JsonNode wrong : wrongValues()) {
          JsonNode mutated = sample.deepCopy();
          replace(mutated, path, wrong);
          assertThatCode(() -> MessageParser.parse(mutated))
              .as("%s with %s at %s", sample.path("type"), wrong, path)
              .doesNotThrowAnyException();
          mutations++;
        }
      }
    }
    assertThat(mutations).isGreaterThan(1000);
  }

  private static List<JsonNode> wrongValues() {
    JsonNodeFactory f = JsonNodeFactory.instance;
    return List.of(
        f.nullNode(),
        f.booleanNode(true),
        f.numberNode(7),
        f.textNode("x"),
        f.arrayNode(),
        f.arrayNode().add(1),
        f.objectNode());
  }

  /** Paths to every field and first array element (longer arrays repeat the same shape). */
  private static List<List<Object>> fieldPaths(JsonNode node, List<Object> prefix) {
    List<List<Object>> paths = new ArrayList<>();
    if (node.isObject()) {
      for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
        String name = names.next();
        List<Object> path = new ArrayList<>(prefix);
        path.add(name);
        paths.add(path);
        paths.addAll(fieldPaths(node.get(name), path));
      }
    } else if (node.isArray() && node.size() > 0) {
      List<Object> path = new ArrayList<>(prefix);
      path.add(0);
      paths.add(path);
      paths.addAll(fieldPaths(node.get(0), path));
    }
    return paths;
  }

  private static void replace(JsonNode root, List<Object> path, JsonNode value) {
    JsonNode parent = root;
    for (Object step : path.subList(0, path.size() - 1)) {
      parent = step instanceof String name ? parent.get(name) : parent.get((Integer) step);
    }
    Object last = path.get(path.size() - 1);
    if (last instanceof String name) {
      ((ObjectNode) parent).set(name, value);
    } else {
      ((ArrayNode) parent).set((Integer) last, value);
    }
  }
}
