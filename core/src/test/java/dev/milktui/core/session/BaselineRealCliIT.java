package dev.milktui.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.testkit.ClaudeSandbox;
import dev.milktui.core.testkit.CliRun;
import dev.milktui.core.testkit.FakeAnthropicApi;
import dev.milktui.core.testkit.RealClaude;
import dev.milktui.core.testkit.Reply;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The baseline's scoped edit rules as the pinned CLI reads them: a Write inside the working
 * directory or {@code /tmp} runs without a prompt, a Write elsewhere asks. The working directory
 * and the folder elsewhere live outside {@code /tmp} (under the build's target folder), so that
 * only the rule for the working directory can be what lets the first Write through.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class BaselineRealCliIT {
  private static final Duration TURN = Duration.ofSeconds(30);
  private static final Path TMP = Path.of("/tmp");

  private ClaudeSandbox sandbox;
  private Path base;
  private Path work;
  private Path elsewhere;

  @BeforeEach
  void setUp() throws Exception {
    sandbox = ClaudeSandbox.create();
    // Outside /tmp, which the baseline allows: the build's target folder, or /var/tmp when the
    // checkout itself lies under /tmp (as CI's fresh clone does).
    Path target = Files.createDirectories(Path.of("target")).toRealPath();
    Path parent = target.startsWith(TMP) ? Path.of("/var/tmp") : target;
    base = Files.createTempDirectory(parent, "baseline-it-").toRealPath();
    assertThat(base.startsWith(TMP)).as("outside /tmp: %s", base).isFalse();
    work = Files.createDirectories(base.resolve("work"));
    elsewhere = Files.createDirectories(base.resolve("elsewhere"));
  }

  @AfterEach
  void cleanUp() throws Exception {
    sandbox.close();
    try (var paths = Files.walk(base)) {
      for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }

  private LaunchSpec spec(Transport transport) {
    return LaunchSpec.builder(RealClaude.binary(), work).transport(transport).build();
  }

  private ProcessBuilder process(FakeAnthropicApi api, List<String> argv) {
    ProcessBuilder builder =
        sandbox
            .processBuilder(api.baseUrl(), argv.subList(1, argv.size()).toArray(String[]::new))
            .directory(work.toFile());
    return builder;
  }

  private static Reply write(Path file) {
    return Reply.toolUse(
        "toolu_write", "Write", Map.of("file_path", file.toString(), "content", "ok\n"));
  }

  private CliRun oneShot(FakeAnthropicApi api) {
    ProcessBuilder builder =
        process(api, spec(Transport.ONE_SHOT).command(Optional.of("Write the file")));
    builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    return CliRun.start(builder);
  }

  @Test
  void theBaselineScopesFileEditsToTheWorkingDirectoryAndTmp() {
    assertThat(spec(Transport.ONE_SHOT).effectiveAllowedTools())
        .containsExactly("Bash", "Read", "Edit(/" + work + "/**)", "Edit(//tmp/**)");
  }

  @Test
  void aWriteInsideTheWorkingDirectoryRunsWithoutAPrompt() throws Exception {
    Path file = work.resolve("inside.txt");
    try (FakeAnthropicApi api = FakeAnthropicApi.start(write(file), Reply.text("Written."));
        CliRun claude = oneShot(api)) {
      JsonNode result = claude.awaitLine("result", null, TURN);
      assertThat(result.path("permission_denials")).as(claude.transcript()).isEmpty();
      assertThat(file).hasContent("ok");
    }
  }

  @Test
  void aWriteInTmpRunsWithoutAPrompt() throws Exception {
    Path file = sandbox.root().resolve("in-tmp.txt");
    assertThat(file.toString()).startsWith("/tmp/");
    try (FakeAnthropicApi api = FakeAnthropicApi.start(write(file), Reply.text("Written."));
        CliRun claude = oneShot(api)) {
      JsonNode result = claude.awaitLine("result", null, TURN);
      assertThat(result.path("permission_denials")).as(claude.transcript()).isEmpty();
      assertThat(file).hasContent("ok");
    }
  }

  @Test
  void aWriteInAnotherFolderFailsWithStreamClosedInOneShot() throws Exception {
    Path file = elsewhere.resolve("outside.txt");
    try (FakeAnthropicApi api = FakeAnthropicApi.start(write(file), Reply.text("Could not."));
        CliRun claude = oneShot(api)) {
      claude.awaitLine("result", null, TURN);
      assertThat(api.toolResults())
          .as(claude.transcript())
          .singleElement()
          .satisfies(
              r -> {
                assertThat(r.isError()).isTrue();
                assertThat(r.content()).containsIgnoringCase("stream closed");
              });
      assertThat(file).doesNotExist();
    }
  }

  @Test
  void aWriteInAnotherFolderAsksOverTheStream() throws Exception {
    Path file = elsewhere.resolve("outside.txt");
    try (FakeAnthropicApi api = FakeAnthropicApi.start(write(file), Reply.text("Could not."));
        CliRun claude =
            CliRun.start(process(api, spec(Transport.STREAM).command(Optional.empty())))) {
      claude.sendUserMessage("Write the file");

      JsonNode request = claude.awaitPermissionRequest(TURN);

      assertThat(request.path("request").path("tool_name").asText()).isEqualTo("Write");
      assertThat(file).doesNotExist();
      claude.closeStdin();
    }
  }
}
