package dev.milktui.core.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.milktui.core.protocol.Json;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Proves the test kit against the real CLI, with nothing but ProcessBuilder and Jackson: the
 * scenarios of protocol.md that the rest of the project's tests build on.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class RealClaudeAgainstFakeApiIT {
  private static final Duration TURN = Duration.ofSeconds(30);
  private static final File DEV_NULL = new File("/dev/null");

  private ClaudeSandbox sandbox;

  @BeforeEach
  void createSandbox() {
    sandbox = ClaudeSandbox.create();
  }

  @AfterEach
  void deleteSandbox() {
    sandbox.close();
  }

  @Test
  void aPromptArgumentRunsOneTextTurnAndExitsZero() {
    try (FakeAnthropicApi api = FakeAnthropicApi.start(Reply.text("Hello from the fake API."));
        CliRun claude = oneShot(api, "Say hello")) {

      JsonNode result = claude.awaitLine("result", null, TURN);

      assertThat(claude.awaitExit(TURN)).as(claude.transcript()).isZero();
      assertThat(claude.lines("system", "init")).as(claude.transcript()).hasSize(1);
      assertThat(assistantTexts(claude)).containsExactly("Hello from the fake API.");
      assertThat(result.path("is_error").asBoolean(true)).isFalse();
      assertThat(result.path("result").asText()).isEqualTo("Hello from the fake API.");
      assertThat(api.messageRequests()).hasSize(1);
      assertThat(api.lastMessageRequest().lastUserText()).isEqualTo("Say hello");
    }
  }

  @Test
  void aPreAllowedBashCallRunsAndTheModelReceivesItsOutput() {
    try (FakeAnthropicApi api =
            FakeAnthropicApi.start(
                Reply.toolUse("toolu_fake_bash_1", "Bash", bash("echo hi", "Print hi"))
                    .withText("I'll run it."),
                Reply.text("The command printed hi."));
        CliRun claude = oneShot(api, "--allowedTools=Bash(echo:*)", "Run echo hi")) {

      JsonNode result = claude.awaitLine("result", null, TURN);

      assertThat(claude.awaitExit(TURN)).as(claude.transcript()).isZero();
      assertThat(api.toolResults())
          .containsExactly(new ToolResult("toolu_fake_bash_1", "hi", false));
      assertThat(result.path("result").asText()).isEqualTo("The command printed hi.");
      assertThat(result.path("permission_denials")).isEmpty();
    }
  }

  @Test
  void aPermissionPromptWithStdinAlreadyClosedFailsTheToolWithStreamClosed() throws Exception {
    Path outside = Files.createDirectories(sandbox.root().resolve("outside"));
    Path target = outside.resolve("written.txt");
    Map<String, String> write = Map.of("file_path", target.toString(), "content", "x\n");
    try (FakeAnthropicApi api =
            FakeAnthropicApi.start(
                Reply.toolUse("toolu_fake_write", "Write", write),
                Reply.text("Finished after the tool call."));
        CliRun claude = oneShot(api, "--permission-prompt-tool", "stdio", "Write the file")) {

      JsonNode result = claude.awaitLine("result", null, TURN);

      assertThat(claude.awaitExit(TURN)).as(claude.transcript()).isZero();
      assertThat(api.toolResults())
          .singleElement()
          .satisfies(
              toolResult -> {
                assertThat(toolResult.toolUseId()).isEqualTo("toolu_fake_write");
                assertThat(toolResult.content()).containsIgnoringCase("stream closed");
                assertThat(toolResult.isError()).isTrue();
              });
      assertThat(result.path("is_error").asBoolean(true)).isFalse();
      assertThat(result.path("permission_denials").findValuesAsText("tool_name"))
          .containsExactly("Write");
      assertThat(result.path("permission_denials").findValuesAsText("tool_use_id"))
          .containsExactly("toolu_fake_write");
      assertThat(claude.lines("control_request", null)).isEmpty();
      assertThat(target).doesNotExist();
    }
  }

  @Test
  void aPermissionPromptOverOpenStreamJsonStdinIsAnsweredAndTheToolRuns() {
    try (FakeAnthropicApi api =
            FakeAnthropicApi.start(
                Reply.toolUse("toolu_fake_bash_touch", "Bash", bash("touch x", "Create a file")),
                Reply.text("Created it."));
        CliRun claude =
            CliRun.start(
                sandbox.processBuilder(
                    api.baseUrl(),
                    "-p",
                    "--output-format",
                    "stream-json",
                    "--verbose",
                    "--input-format",
                    "stream-json",
                    "--permission-prompt-tool",
                    "stdio"))) {
      claude.send(userMessage("Create a file"));

      JsonNode request = claude.awaitPermissionRequest(TURN);
      assertThat(request.path("request").path("tool_name").asText()).isEqualTo("Bash");
      claude.send(allow(request));
      JsonNode result = claude.awaitLine("result", null, TURN);
      claude.closeStdin();

      assertThat(claude.awaitExit(TURN)).as(claude.transcript()).isZero();
      assertThat(sandbox.workDir().resolve("x")).exists();
      assertThat(api.toolResults())
          .singleElement()
          .satisfies(toolResult -> assertThat(toolResult.isError()).isFalse());
      assertThat(result.path("is_error").asBoolean(true)).isFalse();
      assertThat(result.path("permission_denials")).isEmpty();
    }
  }

  @Test
  void aPersistentServerErrorIsRetriedThenEndsTheTurnWithAnErrorResultAndExitOne() {
    try (FakeAnthropicApi api = FakeAnthropicApi.start(Reply.error(ErrorType.API_ERROR));
        CliRun claude = oneShot(api, Map.of("CLAUDE_CODE_MAX_RETRIES", "1"), "Say hello")) {

      JsonNode result = claude.awaitLine("result", null, TURN);

      assertThat(claude.awaitExit(TURN)).as(claude.transcript()).isEqualTo(1);
      assertThat(claude.lines("system", "api_retry"))
          .as(claude.transcript())
          .isNotEmpty()
          .allSatisfy(retry -> assertThat(retry.path("error_status").asInt()).isEqualTo(500));
      assertThat(result.path("is_error").asBoolean(false)).isTrue();
      assertThat(result.path("api_error_status").asInt()).isEqualTo(500);
      assertThat(api.messageRequests()).hasSize(2);
    }
  }

  @Test
  void serverErrorsThatStopBeforeTheRetriesRunOutEndInANormalTurn() {
    try (FakeAnthropicApi api =
            FakeAnthropicApi.start(
                Reply.failing(2, Reply.error(ErrorType.API_ERROR), Reply.text("Recovered.")));
        CliRun claude = oneShot(api, "Say hello")) {

      JsonNode result = claude.awaitLine("result", null, TURN);

      assertThat(claude.awaitExit(TURN)).as(claude.transcript()).isZero();
      assertThat(claude.lines("system", "api_retry")).as(claude.transcript()).hasSize(2);
      assertThat(result.path("is_error").asBoolean(true)).isFalse();
      assertThat(result.path("result").asText()).isEqualTo("Recovered.");
    }
  }

  @Test
  void aStreamBrokenByAnOverloadedEventIsAnsweredByTheNonStreamingFallback() {
    try (FakeAnthropicApi api =
            FakeAnthropicApi.start(
                Reply.text("This stream breaks in the middle.").breakingAfter(1));
        CliRun claude = oneShot(api, "Say hello")) {

      JsonNode result = claude.awaitLine("result", null, TURN);

      assertThat(claude.awaitExit(TURN)).as(claude.transcript()).isZero();
      assertThat(api.messageRequests())
          .extracting(RecordedRequest::streaming)
          .containsExactly(true, false);
      assertThat(assistantTexts(claude)).containsExactly("This stream breaks in the middle.");
      assertThat(result.path("is_error").asBoolean(true)).isFalse();
    }
  }

  /** {@code claude -p --output-format stream-json --verbose ARGS} with stdin from /dev/null. */
  private CliRun oneShot(FakeAnthropicApi api, String... args) {
    return oneShot(api, Map.of(), args);
  }

  private CliRun oneShot(FakeAnthropicApi api, Map<String, String> env, String... args) {
    String[] command = new String[args.length + 4];
    command[0] = "-p";
    command[1] = "--output-format";
    command[2] = "stream-json";
    command[3] = "--verbose";
    System.arraycopy(args, 0, command, 4, args.length);
    ProcessBuilder builder = sandbox.processBuilder(api.baseUrl(), command);
    builder.environment().putAll(env);
    return CliRun.start(builder.redirectInput(ProcessBuilder.Redirect.from(DEV_NULL)));
  }

  private static Map<String, String> bash(String command, String description) {
    return Map.of("command", command, "description", description);
  }

  private static ObjectNode userMessage(String text) {
    ObjectNode line = Json.mapper().createObjectNode().put("type", "user");
    line.putObject("message").put("role", "user").put("content", text);
    return line;
  }

  /** Allows a {@code can_use_tool} request with its own input echoed back (lessons.md). */
  private static ObjectNode allow(JsonNode request) {
    ObjectNode line = Json.mapper().createObjectNode().put("type", "control_response");
    ObjectNode response = line.putObject("response").put("subtype", "success");
    response.put("request_id", request.path("request_id").asText());
    ObjectNode decision = response.putObject("response").put("behavior", "allow");
    decision.set("updatedInput", request.path("request").path("input"));
    return line;
  }

  private static List<String> assistantTexts(CliRun claude) {
    return claude.lines("assistant", null).stream()
        .flatMap(line -> line.path("message").path("content").findValuesAsText("text").stream())
        .toList();
  }
}
