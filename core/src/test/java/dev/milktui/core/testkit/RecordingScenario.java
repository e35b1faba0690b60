package dev.milktui.core.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.protocol.HostMessages;
import dev.milktui.core.protocol.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * One recording of the real CLI that the test kit can make again with any version: the arguments,
 * the fake API's script and what the host does on stdin, the same inputs as the recording of that
 * name in {@code core/src/test/resources/recordings/} (see its README). {@link RecordingMaker} runs
 * them; {@code scripts/record-claude} and {@code scripts/move-pin} call it.
 *
 * @param stdinClosed stdin is {@code /dev/null} (a prompt argument, nothing to answer with)
 */
public record RecordingScenario(
    String name,
    List<String> args,
    List<Reply> replies,
    boolean stdinClosed,
    Consumer<Host> drive) {

  private static final List<String> STREAM_JSON =
      List.of("-p", "--output-format", "stream-json", "--verbose");
  private static final List<String> BOTH_WAYS =
      List.of("-p", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose");
  private static final String PARTIAL = "--include-partial-messages";
  private static final String HELLO = "Hello from the fake server. This is a plain text reply.";
  private static final Map<String, String> TOUCH =
      Map.of("command", "touch made-by-bash.txt", "description", "Create a file");
  private static final String AFTER_TOOL = "Finished after the tool call.";
  private static final String DENIED = "The user denied this in the TUI.";

  /** The CLI as the host sees it: what the host writes is kept for {@code NAME.stdin.jsonl}. */
  public interface Host {
    JsonNode awaitLine(String type, String subtype);

    JsonNode awaitLine(Predicate<JsonNode> match);

    JsonNode awaitDelta();

    void send(JsonNode line);

    void closeStdin();
  }

  /** Every scenario, in the order of the recordings README. */
  public static List<RecordingScenario> all() {
    return List.of(
        new RecordingScenario(
            "a-text-arg",
            with(STREAM_JSON, PARTIAL, "Say hello"),
            List.of(Reply.text(HELLO)),
            true,
            host -> host.awaitLine("result", null)),
        new RecordingScenario(
            "b-stdin-stream-json",
            with(BOTH_WAYS, PARTIAL),
            List.of(Reply.text(HELLO)),
            false,
            host -> {
              host.send(userMessage("Say hello"));
              host.awaitLine("result", null);
              host.closeStdin();
            }),
        new RecordingScenario(
            "c-allowed-bash",
            with(STREAM_JSON, PARTIAL, "--allowedTools=Bash(echo:*)", "Run echo hi"),
            List.of(
                Reply.toolUse(
                        "toolu_fake_bash_1",
                        "Bash",
                        Map.of("command", "echo hi", "description", "Print hi"))
                    .withText("I will run a command."),
                Reply.text("The command printed hi. Done.")),
            true,
            host -> host.awaitLine("result", null)),
        permissionAnswered("d-allow", true),
        permissionAnswered("d-deny", false),
        new RecordingScenario(
            "f1-ppt-arg-devnull",
            with(STREAM_JSON, "--permission-prompt-tool", "stdio", "Create a file with touch"),
            touchThenText(),
            true,
            host -> host.awaitLine("result", null)),
        new RecordingScenario(
            "h-interrupt",
            with(BOTH_WAYS, PARTIAL),
            List.of(
                Reply.text(
                        "This reply streams slowly so that the host can interrupt it long before"
                            + " it ends; it goes on and on, sentence after sentence, for a while.")
                    .withChunkDelay(Duration.ofMillis(300)),
                Reply.text("Reply to the message sent after the interrupt.")),
            false,
            host -> {
              host.send(userMessage("Tell me a long story"));
              host.awaitDelta();
              ObjectNode interrupt = Json.object().put("type", "control_request");
              interrupt.put("request_id", "host-interrupt-1");
              interrupt.putObject("request").put("subtype", "interrupt");
              host.send(interrupt);
              JsonNode interrupted = host.awaitLine("result", null);
              host.send(userMessage("Are you still there?"));
              // Older CLIs leave the cut reply out of the history, so the fake API may answer
              // the next message with the first reply again: any second result ends the run.
              host.awaitLine(
                  line -> line.path("type").asText().equals("result") && line != interrupted);
              host.closeStdin();
            }),
        apiError("i-500-stream-json", Reply.error(ErrorType.API_ERROR)),
        apiError(
            "i-500-then-reply",
            Reply.failing(1, Reply.error(ErrorType.API_ERROR), Reply.text(HELLO))),
        questionAndPlans());
  }

  /** A written answer longer than any line, with a link in it. */
  public static final String LONG_ANSWER =
      "Neither for now: keep the records in plain JSON files under data/, one file a day, because"
          + " the tool runs on laptops without a server and we want to read the files by hand;"
          + " move to SQLite once a day's file passes a few megabytes. The reasoning is in"
          + " https://example.com/notes/storage-decisions/2026/why-plain-files-first-and-sqlite-later.html"
          + " and the team agreed on it last week.";

  /** A plan in Markdown, long enough to fold. */
  public static final String PLAN =
      "# Plan: keep records in files\n\n"
          + "## Steps\n\n"
          + "1. Add a `RecordStore` that writes one JSON file a day under `data/`\n"
          + "2. Read the files back in date order\n"
          + "3. Rotate at midnight, **never** losing a record\n"
          + "4. Add tests for a torn last line\n"
          + "5. Document the format in the README\n\n"
          + "## Risks\n\n"
          + "- A file may grow past a few megabytes: then move to SQLite\n"
          + "- Two processes writing at once: take a lock file\n";

  /**
   * In plan mode: AskUserQuestion answered with a chosen label and a long written answer; a plan
   * the user sends back with feedback (kept planning); a second plan the user approves.
   */
  private static RecordingScenario questionAndPlans() {
    Map<String, Object> language =
        question(
            "Which language should the tool be written in?",
            "Language",
            Map.of("label", "Java", "description", "What the team knows"),
            Map.of("label", "Go", "description", "One static binary"));
    Map<String, Object> storage =
        question(
            "Where should the records be kept?",
            "Storage",
            Map.of("label", "Postgres", "description", "A server"),
            Map.of("label", "SQLite", "description", "One file"));
    return new RecordingScenario(
        "p8e-long-answer-plans-kept",
        with(BOTH_WAYS, PARTIAL, "--permission-prompt-tool", "stdio", "--permission-mode=plan"),
        List.of(
            Reply.toolUse(
                "toolu_ask", "AskUserQuestion", Map.of("questions", List.of(language, storage))),
            Reply.toolUse("toolu_search", "ToolSearch", Map.of("query", "select:ExitPlanMode")),
            Reply.toolUse(
                "toolu_plan_1", "ExitPlanMode", Map.of("plan", "# Plan\n\n1. Use SQLite\n")),
            Reply.toolUse("toolu_plan_2", "ExitPlanMode", Map.of("plan", PLAN)),
            Reply.text("The plan is approved; I will start with the record store.")),
        false,
        host -> {
          host.send(userMessage("Plan the storage, and ask me what you need"));
          JsonNode ask = awaitRequest(host, "toolu_ask");
          ObjectNode answered = ask.at("/request/input").deepCopy();
          answered
              .putObject("answers")
              .put("Which language should the tool be written in?", "Java")
              .put("Where should the records be kept?", LONG_ANSWER);
          host.send(line(HostMessages.allow(ask.path("request_id").asText(), answered, List.of())));
          JsonNode first = awaitRequest(host, "toolu_plan_1");
          host.send(
              line(
                  HostMessages.deny(
                      first.path("request_id").asText(),
                      "The user wants to keep planning; do not start yet. Feedback: plain files"
                          + " first, as I answered.",
                      false)));
          JsonNode second = awaitRequest(host, "toolu_plan_2");
          host.send(
              line(
                  HostMessages.allow(
                      second.path("request_id").asText(),
                      second.at("/request/input"),
                      List.of(HostMessages.setModePermission("default")))));
          host.awaitLine("result", null);
          host.closeStdin();
        });
  }

  /**
   * A message sent as milk-tui sends it (with a uuid, so the CLI reports its lifecycle), answered
   * by {@code reply} after the CLI's retries.
   */
  private static RecordingScenario apiError(String name, Reply reply) {
    return new RecordingScenario(
        name,
        with(BOTH_WAYS, PARTIAL, "--permission-prompt-tool", "stdio"),
        List.of(reply),
        false,
        host -> {
          ObjectNode message = userMessage("Say hello");
          message.put("uuid", "00000000-0000-4000-8000-000000000001");
          host.send(message);
          host.awaitLine("result", null);
          host.awaitLine(
              line ->
                  line.path("type").asText().equals("command_lifecycle")
                      && !line.path("state").asText().matches("queued|started"));
          host.closeStdin();
        });
  }

  private static RecordingScenario permissionAnswered(String name, boolean allow) {
    return new RecordingScenario(
        name,
        with(BOTH_WAYS, "--permission-prompt-tool", "stdio"),
        touchThenText(),
        false,
        host -> {
          host.send(userMessage("Create a file with touch"));
          JsonNode request = host.awaitLine("control_request", null);
          ObjectNode reply = Json.object().put("type", "control_response");
          ObjectNode response = reply.putObject("response").put("subtype", "success");
          response.put("request_id", request.path("request_id").asText());
          ObjectNode decision = response.putObject("response");
          if (allow) {
            decision.put("behavior", "allow").set("updatedInput", request.at("/request/input"));
          } else {
            decision.put("behavior", "deny").put("message", DENIED);
          }
          host.send(reply);
          host.awaitLine("result", null);
          host.closeStdin();
        });
  }

  private static JsonNode line(String json) {
    try {
      return Json.mapper().readTree(json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** One AskUserQuestion question with its two options. */
  private static Map<String, Object> question(
      String text, String header, Map<String, String> first, Map<String, String> second) {
    return Map.of(
        "question",
        text,
        "header",
        header,
        "multiSelect",
        false,
        "options",
        List.of(first, second));
  }

  /** The CLI's request about the call {@code toolUseId} (the lines are searched from the start). */
  private static JsonNode awaitRequest(Host host, String toolUseId) {
    return host.awaitLine(
        line ->
            line.path("type").asText().equals("control_request")
                && line.at("/request/tool_use_id").asText().equals(toolUseId));
  }

  private static List<Reply> touchThenText() {
    return List.of(Reply.toolUse("toolu_fake_bash_touch", "Bash", TOUCH), Reply.text(AFTER_TOOL));
  }

  private static ObjectNode userMessage(String text) {
    ObjectNode line = Json.object().put("type", "user");
    line.putObject("message").put("role", "user").put("content", text);
    return line;
  }

  private static List<String> with(List<String> first, String... more) {
    return Stream.concat(first.stream(), Arrays.stream(more)).toList();
  }
}
