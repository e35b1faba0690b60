package dev.milktui.core.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.protocol.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FakeAnthropicApiTest {
  private static final HttpClient CLIENT =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private FakeAnthropicApi api;

  @AfterEach
  void stopServer() {
    if (api != null) {
      api.close();
    }
  }

  @Test
  void streamsTextAsServerSentEventsInTheMessagesApiOrder() throws Exception {
    api = FakeAnthropicApi.start(Reply.text("Hello from the fake server, in several chunks."));

    List<SseEvent> events = sse(post(conversation(true, "Say hello")));

    assertThat(events)
        .extracting(SseEvent::name)
        .startsWith("message_start", "ping", "content_block_start", "content_block_delta")
        .endsWith("content_block_delta", "content_block_stop", "message_delta", "message_stop");
    assertThat(events)
        .allSatisfy(e -> assertThat(e.data().path("type").asText()).isEqualTo(e.name()));
    assertThat(events.stream().filter(SseEvent::isDelta).count()).isGreaterThan(2);
    assertThat(deltaText(events, "text"))
        .isEqualTo("Hello from the fake server, in several chunks.");
    JsonNode start = events.get(0).data().path("message");
    assertThat(start.path("id").asText()).startsWith("msg_fake_");
    assertThat(start.path("model").asText()).isEqualTo("claude-opus-5-5");
    assertThat(start.path("usage").path("input_tokens").asInt()).isPositive();
    JsonNode messageDelta = events.get(events.size() - 2).data();
    assertThat(messageDelta.path("delta").path("stop_reason").asText()).isEqualTo("end_turn");
    assertThat(messageDelta.path("usage").path("output_tokens").asInt()).isPositive();
  }

  @Test
  void repliesWithTheNthScriptedReplyWhenTheRequestHasNAssistantMessages() throws Exception {
    api = FakeAnthropicApi.start(Reply.text("first"), Reply.text("second"), Reply.text("third"));

    String second = post(conversation(false, "a", "reply", "b")).body();
    String first = post(conversation(false, "a")).body();
    String third = post(conversation(false, "a", "reply", "b", "reply", "c")).body();

    assertThat(text(second)).isEqualTo("second");
    assertThat(text(first)).isEqualTo("first");
    assertThat(text(third)).isEqualTo("third");
    assertThat(api.lastMessageRequest().lastUserText()).isEqualTo("c");
  }

  @Test
  void saysDoneOnceTheScriptHasRunOut() throws Exception {
    api = FakeAnthropicApi.start(Reply.text("only"));

    assertThat(text(post(conversation(false, "a", "only", "b")).body())).isEqualTo("Done.");
  }

  @Test
  void streamsToolInputAsJsonDeltasThatStartEmptyAndEndsTheMessageForToolUse() throws Exception {
    api =
        FakeAnthropicApi.start(
            Reply.toolUse("toolu_1", "Bash", Map.of("command", "echo a long enough command"))
                .withText("Running it."));

    List<SseEvent> events = sse(post(conversation(true, "Run it")));

    List<JsonNode> starts = blocksStarted(events);
    assertThat(starts).extracting(b -> b.path("type").asText()).containsExactly("text", "tool_use");
    assertThat(starts.get(1).path("id").asText()).isEqualTo("toolu_1");
    assertThat(starts.get(1).path("input").isEmpty()).isTrue();
    List<String> fragments = deltas(events, "partial_json");
    assertThat(fragments.get(0)).isEmpty();
    assertThat(fragments.size()).isGreaterThan(2);
    assertThat(Json.mapper().readTree(String.join("", fragments)))
        .isEqualTo(Json.mapper().valueToTree(Map.of("command", "echo a long enough command")));
    assertThat(deltaText(events, "text")).isEqualTo("Running it.");
    assertThat(events.get(events.size() - 2).data().path("delta").path("stop_reason").asText())
        .isEqualTo("tool_use");
  }

  @Test
  void streamsThinkingAsThinkingDeltasFollowedByOneSignature() throws Exception {
    api = FakeAnthropicApi.start(Reply.thinking("Let me think this through.").andText("Answer."));

    List<SseEvent> events = sse(post(conversation(true, "Think")));

    assertThat(blocksStarted(events))
        .extracting(b -> b.path("type").asText())
        .containsExactly("thinking", "text");
    assertThat(deltaText(events, "thinking")).isEqualTo("Let me think this through.");
    assertThat(deltas(events, "signature")).hasSize(1).allMatch(s -> !s.isEmpty());
    assertThat(deltaText(events, "text")).isEqualTo("Answer.");
  }

  @Test
  void waitsTheScriptedDelaysBeforeTheResponseAndBeforeEachDelta() throws Exception {
    Duration chunkDelay = Duration.ofMillis(40);
    Duration startDelay = Duration.ofMillis(200);
    api =
        FakeAnthropicApi.start(
            Reply.text("several chunks of slow text")
                .withChunkDelay(chunkDelay)
                .withStartDelay(startDelay));

    long started = System.nanoTime();
    List<SseEvent> events = sse(post(conversation(true, "a")));
    Duration elapsed = Duration.ofNanos(System.nanoTime() - started);

    long deltas = events.stream().filter(SseEvent::isDelta).count();
    assertThat(elapsed).isGreaterThanOrEqualTo(startDelay.plus(chunkDelay.multipliedBy(deltas)));
  }

  @Test
  void reportsTheLastTypedUserTextWithoutTheCliSystemReminders() throws Exception {
    api = FakeAnthropicApi.start();
    ObjectNode body = conversation(true);
    ArrayNode content =
        body.withArray("messages").addObject().put("role", "user").putArray("content");
    content.addObject().put("type", "text").put("text", "<system-reminder>\nctx</system-reminder>");
    content.addObject().put("type", "text").put("text", "Say hello");

    post("/v1/messages?beta=true", body.toString());

    assertThat(api.lastMessageRequest().lastUserText()).isEqualTo("Say hello");
  }

  @Test
  void answersANonStreamingRequestWithTheWholeMessageAsJson() throws Exception {
    api = FakeAnthropicApi.start(Reply.toolUse("toolu_1", "Read", Map.of("file_path", "/x")));

    HttpResponse<String> response = post(conversation(false, "Read it"));

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("content-type")).hasValue("application/json");
    JsonNode message = Json.mapper().readTree(response.body());
    assertThat(message.path("type").asText()).isEqualTo("message");
    assertThat(message.path("stop_reason").asText()).isEqualTo("tool_use");
    assertThat(message.path("content").get(0).path("input").path("file_path").asText())
        .isEqualTo("/x");
    assertThat(message.path("usage").path("output_tokens").asInt()).isPositive();
  }

  @Test
  void answersAScriptedErrorWithItsStatusAnthropicErrorBodyAndNoRetryHeader() throws Exception {
    api =
        FakeAnthropicApi.start(
            Reply.error(ErrorType.OVERLOADED),
            Reply.error(500, ErrorType.API_ERROR).withoutRetry());

    HttpResponse<String> overloaded = post(conversation(true, "a"));
    HttpResponse<String> noRetry = post(conversation(true, "a", "x", "b"));

    assertThat(overloaded.statusCode()).isEqualTo(529);
    assertThat(Json.mapper().readTree(overloaded.body()).path("error").path("type").asText())
        .isEqualTo("overloaded_error");
    assertThat(overloaded.headers().firstValue("x-should-retry")).isEmpty();
    assertThat(noRetry.statusCode()).isEqualTo(500);
    assertThat(Json.mapper().readTree(noRetry.body()).path("type").asText()).isEqualTo("error");
    assertThat(noRetry.headers().firstValue("x-should-retry")).hasValue("false");
  }

  @Test
  void failsTheFirstAttemptsAtAPositionThenAnswersWithTheScriptedReply() throws Exception {
    api =
        FakeAnthropicApi.start(
            Reply.failing(2, Reply.error(ErrorType.API_ERROR), Reply.text("Recovered.")));

    int first = post(conversation(false, "a")).statusCode();
    int second = post(conversation(false, "a")).statusCode();
    HttpResponse<String> third = post(conversation(false, "a"));

    assertThat(List.of(first, second, third.statusCode())).containsExactly(500, 500, 200);
    assertThat(text(third.body())).isEqualTo("Recovered.");
  }

  @Test
  void breaksAStreamWithAnOverloadedErrorEventButAnswersTheNonStreamingFallbackWhole()
      throws Exception {
    api = FakeAnthropicApi.start(Reply.text("This stream breaks in the middle.").breakingAfter(1));

    List<SseEvent> broken = sse(post(conversation(true, "a")));
    HttpResponse<String> fallback = post(conversation(false, "a"));

    assertThat(broken)
        .extracting(SseEvent::name)
        .containsExactly(
            "message_start", "ping", "content_block_start", "content_block_delta", "error");
    assertThat(broken.get(4).data().path("error").path("type").asText())
        .isEqualTo("overloaded_error");
    assertThat(text(fallback.body())).isEqualTo("This stream breaks in the middle.");
  }

  @Test
  void answersOtherPathsWithEmptyJsonAndRecordsThem() throws Exception {
    api = FakeAnthropicApi.start();

    HttpResponse<Void> hello =
        CLIENT.send(
            HttpRequest.newBuilder(URI.create(api.baseUrl() + "/api/hello"))
                .method("HEAD", HttpRequest.BodyPublishers.noBody())
                .build(),
            HttpResponse.BodyHandlers.discarding());
    HttpResponse<String> count = post("/v1/messages/count_tokens", "{}");

    assertThat(hello.statusCode()).isEqualTo(200);
    assertThat(count.statusCode()).isEqualTo(200);
    assertThat(count.body()).isEqualTo("{}");
    assertThat(api.requests())
        .extracting(RecordedRequest::method, RecordedRequest::path)
        .containsExactly(tuple("HEAD", "/api/hello"), tuple("POST", "/v1/messages/count_tokens"));
    assertThat(api.messageRequests()).isEmpty();
  }

  @Test
  void recordsTheToolResultsTheModelReceivedWithTheirErrorFlag() throws Exception {
    api = FakeAnthropicApi.start();
    ObjectNode body = conversation(true, "Run it", "calling");
    ArrayNode content = ((ObjectNode) body.withArray("messages").get(1)).putArray("content");
    content.addObject().put("type", "tool_use").put("id", "toolu_1").put("name", "Bash");
    ArrayNode results =
        body.withArray("messages").addObject().put("role", "user").putArray("content");
    results
        .addObject()
        .put("type", "tool_result")
        .put("tool_use_id", "toolu_1")
        .put("content", "Tool permission request failed: AbortError: Stream closed")
        .put("is_error", true);
    ObjectNode blocks =
        results.addObject().put("type", "tool_result").put("tool_use_id", "toolu_2");
    blocks.putArray("content").addObject().put("type", "text").put("text", "hi");

    post("/v1/messages?beta=true", body.toString());

    RecordedRequest request = api.lastMessageRequest();
    assertThat(request.query()).isEqualTo("beta=true");
    assertThat(request.assistantMessageCount()).isEqualTo(1);
    assertThat(api.lastToolResults())
        .containsExactly(
            new ToolResult(
                "toolu_1", "Tool permission request failed: AbortError: Stream closed", true),
            new ToolResult("toolu_2", "hi", false));
  }

  /** A request body whose messages alternate user, assistant, user, ... with the given texts. */
  private static ObjectNode conversation(boolean stream, String... texts) {
    ObjectNode body = Json.mapper().createObjectNode();
    body.put("model", "claude-opus-5-5").put("max_tokens", 128000).put("stream", stream);
    ArrayNode messages = body.putArray("messages");
    for (int i = 0; i < texts.length; i++) {
      messages.addObject().put("role", i % 2 == 0 ? "user" : "assistant").put("content", texts[i]);
    }
    return body;
  }

  private HttpResponse<String> post(ObjectNode body) throws IOException, InterruptedException {
    return post("/v1/messages?beta=true", body.toString());
  }

  private HttpResponse<String> post(String path, String body)
      throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(api.baseUrl() + path))
            .timeout(Duration.ofSeconds(10))
            .header("content-type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
  }

  private static List<SseEvent> sse(HttpResponse<String> response) throws IOException {
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("content-type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("text/event-stream"));
    List<SseEvent> events = new ArrayList<>();
    for (String frame : response.body().split("\n\n")) {
      String[] lines = frame.split("\n");
      assertThat(lines).hasSize(2);
      assertThat(lines[0]).startsWith("event: ");
      assertThat(lines[1]).startsWith("data: ");
      events.add(
          new SseEvent(
              lines[0].substring("event: ".length()),
              (ObjectNode) Json.mapper().readTree(lines[1].substring("data: ".length()))));
    }
    assertThat(response.body()).endsWith("\n\n");
    return events;
  }

  private static List<JsonNode> blocksStarted(List<SseEvent> events) {
    return events.stream()
        .filter(e -> e.name().equals("content_block_start"))
        .map(e -> e.data().path("content_block"))
        .toList();
  }

  /** The values of {@code field} in every delta that has it, in order. */
  private static List<String> deltas(List<SseEvent> events, String field) {
    return events.stream()
        .filter(SseEvent::isDelta)
        .map(e -> e.data().path("delta").path(field))
        .filter(JsonNode::isTextual)
        .map(JsonNode::asText)
        .toList();
  }

  private static String deltaText(List<SseEvent> events, String field) {
    return String.join("", deltas(events, field));
  }

  private static String text(String messageJson) throws IOException {
    return Json.mapper().readTree(messageJson).path("content").get(0).path("text").asText();
  }
}
