package dev.milktui.core.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.milktui.core.protocol.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A scripted Anthropic Messages API on 127.0.0.1 for running the real {@code claude} CLI offline.
 *
 * <p>Reply N of the script answers every {@code POST /v1/messages} whose {@code messages} already
 * hold N assistant messages, so tool round trips, retries and {@code --resume} line up without
 * bookkeeping; past the end of the script the model says "Done.". A subagent's conversation has a
 * script of its own ({@link #answerAgents}), chosen by a marker in the prompt it was given. Every
 * request is recorded; any other path is answered with 200 {@code {}}.
 */
public final class FakeAnthropicApi implements AutoCloseable {
  private static final AtomicInteger SERVERS = new AtomicInteger();

  private final Script script;
  private final HttpServer server;
  private final ExecutorService handlers;
  private final List<RecordedRequest> requests = new CopyOnWriteArrayList<>();
  private final Map<String, Script> agentScripts = new ConcurrentHashMap<>();
  private final AtomicInteger messageIds = new AtomicInteger();
  private final AtomicInteger requestIds = new AtomicInteger();

  private FakeAnthropicApi(List<? extends Reply> script) throws IOException {
    this.script = new Script(script);
    String threadPrefix = "fake-anthropic-" + SERVERS.incrementAndGet() + "-";
    AtomicInteger threads = new AtomicInteger();
    // One thread per exchange: a slow, chunk-delayed stream must not hold up other requests.
    this.handlers =
        Executors.newCachedThreadPool(
            task -> {
              Thread thread = new Thread(task, threadPrefix + threads.incrementAndGet());
              thread.setDaemon(true);
              return thread;
            });
    this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(handlers);
    server.createContext("/", this::handle);
    server.start();
  }

  public static FakeAnthropicApi start(Reply... script) {
    return start(List.of(script));
  }

  public static FakeAnthropicApi start(List<? extends Reply> script) {
    try {
      return new FakeAnthropicApi(script);
    } catch (IOException e) {
      throw new IllegalStateException("cannot bind the fake Anthropic API on 127.0.0.1", e);
    }
  }

  /**
   * Answers every conversation whose first user message contains {@code marker} (the prompt of an
   * Agent call) from {@code script} instead of the main one, counted the same way.
   */
  public FakeAnthropicApi answerAgents(String marker, Reply... script) {
    agentScripts.put(marker, new Script(List.of(script)));
    return this;
  }

  /** For {@code ANTHROPIC_BASE_URL}: {@code http://127.0.0.1:PORT}, no trailing slash. */
  public String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Every request received so far, in arrival order, including unscripted paths. */
  public List<RecordedRequest> requests() {
    return List.copyOf(requests);
  }

  /** The {@code POST /v1/messages} requests only, retries and fallbacks included. */
  public List<RecordedRequest> messageRequests() {
    return requests.stream().filter(RecordedRequest::isMessages).toList();
  }

  /** The latest messages request; fails the test when there was none. */
  public RecordedRequest lastMessageRequest() {
    List<RecordedRequest> messages = messageRequests();
    if (messages.isEmpty()) {
      throw new AssertionError("the fake Anthropic API received no /v1/messages request");
    }
    return messages.get(messages.size() - 1);
  }

  /** The tool results the latest messages request delivered to the model. */
  public List<ToolResult> lastToolResults() {
    return lastMessageRequest().toolResults();
  }

  /** Every tool result in the conversation as the model saw it last. */
  public List<ToolResult> toolResults() {
    return lastMessageRequest().historyToolResults();
  }

  @Override
  public void close() {
    server.stop(0);
    handlers.shutdownNow();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      RecordedRequest request = record(exchange);
      requests.add(request);
      if (!request.isMessages()) {
        answerHarmlessly(exchange);
      } else if (request.body().isMissingNode()) {
        sendError(exchange, Reply.error(ErrorType.INVALID_REQUEST).withMessage("body is not JSON"));
      } else {
        answer(exchange, request, scriptFor(request).replyFor(request.assistantMessageCount()));
      }
    } catch (IOException e) {
      // The CLI hung up mid-stream (interrupt, kill); there is nobody left to answer.
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void answer(HttpExchange exchange, RecordedRequest request, Reply reply)
      throws IOException, InterruptedException {
    if (reply instanceof Reply.FromRequest from) {
      answer(exchange, request, from.build().apply(request));
    } else if (reply instanceof Reply.HttpError error) {
      sendError(exchange, error);
    } else if (reply instanceof Reply.Message message) {
      sendMessage(exchange, request, message, Integer.MAX_VALUE);
    } else if (reply instanceof Reply.BrokenStream broken) {
      int breakAfter = request.streaming() ? broken.deltasBeforeError() : Integer.MAX_VALUE;
      sendMessage(exchange, request, broken.message(), breakAfter);
    } else {
      throw new IllegalStateException("unresolved reply " + reply);
    }
  }

  private void sendMessage(
      HttpExchange exchange, RecordedRequest request, Reply.Message message, int deltasBeforeError)
      throws IOException, InterruptedException {
    sleep(message.startDelay());
    String id = String.format(Locale.ROOT, "msg_fake_%06d", messageIds.incrementAndGet());
    int inputTokens = Math.max(1, request.body().toString().length() / 4);
    WireMessage wire = new WireMessage(message, id, request.model(), inputTokens);
    exchange.getResponseHeaders().set("request-id", requestId());
    if (!request.streaming()) {
      sendJson(exchange, 200, wire.toJson());
      return;
    }
    exchange.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
    exchange.getResponseHeaders().set("Cache-Control", "no-cache");
    exchange.sendResponseHeaders(200, 0);
    OutputStream out = exchange.getResponseBody();
    int deltas = 0;
    for (SseEvent event : wire.events()) {
      if (event.isDelta()) {
        if (deltas == deltasBeforeError) {
          writeEvent(out, new SseEvent("error", errorBody(Reply.error(ErrorType.OVERLOADED))));
          return;
        }
        deltas++;
        sleep(message.chunkDelay());
      }
      writeEvent(out, event);
    }
  }

  private Script scriptFor(RecordedRequest request) {
    String first = request.firstUserText();
    return agentScripts.entrySet().stream()
        .filter(e -> first.contains(e.getKey()))
        .map(Map.Entry::getValue)
        .findFirst()
        .orElse(script);
  }

  private void sendError(HttpExchange exchange, Reply.HttpError error) throws IOException {
    exchange.getResponseHeaders().set("request-id", requestId());
    if (!error.retryable()) {
      exchange.getResponseHeaders().set("x-should-retry", "false");
    }
    sendJson(exchange, error.status(), errorBody(error));
  }

  private void answerHarmlessly(HttpExchange exchange) throws IOException {
    if (exchange.getRequestMethod().equals("HEAD")) {
      exchange.sendResponseHeaders(200, -1);
    } else {
      sendJson(exchange, 200, Json.mapper().createObjectNode());
    }
  }

  private ObjectNode errorBody(Reply.HttpError error) {
    ObjectNode body = Json.mapper().createObjectNode().put("type", "error");
    body.putObject("error").put("type", error.type().wireName()).put("message", error.message());
    return body.put("request_id", requestId());
  }

  private String requestId() {
    return String.format(Locale.ROOT, "req_fake_%06d", requestIds.incrementAndGet());
  }

  private static void writeEvent(OutputStream out, SseEvent event) throws IOException {
    out.write(event.frame().getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  private static void sendJson(HttpExchange exchange, int status, JsonNode json)
      throws IOException {
    byte[] bytes = Json.mapper().writeValueAsBytes(json);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    exchange.getResponseBody().write(bytes);
  }

  private static RecordedRequest record(HttpExchange exchange) throws IOException {
    byte[] bytes = exchange.getRequestBody().readAllBytes();
    Map<String, String> headers = new HashMap<>();
    exchange
        .getRequestHeaders()
        .forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values.get(0)));
    return new RecordedRequest(
        exchange.getRequestMethod(),
        exchange.getRequestURI().getPath(),
        exchange.getRequestURI().getRawQuery(),
        headers,
        parse(bytes));
  }

  private static JsonNode parse(byte[] bytes) {
    try {
      JsonNode json = Json.mapper().readTree(bytes);
      return json == null ? MissingNode.getInstance() : json;
    } catch (IOException e) {
      return MissingNode.getInstance();
    }
  }

  private static void sleep(Duration duration) throws InterruptedException {
    if (!duration.isZero()) {
      Thread.sleep(duration.toMillis());
    }
  }
}
