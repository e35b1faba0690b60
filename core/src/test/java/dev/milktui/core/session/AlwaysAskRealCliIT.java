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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The always-ask rules as the pinned CLI reads them: under the baseline, which allows Bash, a
 * destructive command asks over the stream (and so never runs before the user says yes), while with
 * no ask rules the same command runs at once and wipes the user's uncommitted change.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class AlwaysAskRealCliIT {
  private static final Duration TURN = Duration.ofSeconds(40);
  private static final String WIPE = "rm -rf out && git reset --hard";

  private ClaudeSandbox sandbox;
  private Path work;
  private Path tracked;

  @BeforeEach
  void setUp() throws Exception {
    sandbox = ClaudeSandbox.create();
    work = sandbox.workDir();
    Files.createDirectories(work.resolve("out"));
    Files.writeString(work.resolve("out/build.log"), "built\n");
    tracked = work.resolve("notes.txt");
    Files.writeString(tracked, "committed\n");
    git("init", "-q");
    git("add", "notes.txt");
    git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "first");
    Files.writeString(tracked, "uncommitted work\n");
  }

  @AfterEach
  void cleanUp() {
    sandbox.close();
  }

  private void git(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("git"));
    command.addAll(List.of(args));
    Process git =
        new ProcessBuilder(command)
            .directory(work.toFile())
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    assertThat(git.waitFor()).as("git %s", command).isZero();
  }

  private CliRun stream(FakeAnthropicApi api, LaunchSpec spec) {
    List<String> argv = spec.command(Optional.empty());
    return CliRun.start(
        sandbox.processBuilder(api.baseUrl(), argv.subList(1, argv.size()).toArray(String[]::new)));
  }

  private static Reply bash(String command) {
    return Reply.toolUse("toolu_bash", "Bash", Map.of("command", command, "description", "clean"));
  }

  private LaunchSpec baseline() {
    return LaunchSpec.builder(RealClaude.binary(), work).build();
  }

  @Test
  void aDestructiveCompoundCommandAsksUnderTheBaselineAndNothingRunsMeanwhile() throws Exception {
    try (FakeAnthropicApi api = FakeAnthropicApi.start(bash(WIPE), Reply.text("Done."));
        CliRun claude = stream(api, baseline())) {
      claude.sendUserMessage("Clean up");

      JsonNode request = claude.awaitPermissionRequest(TURN);

      assertThat(request.path("request").path("input").path("command").asText()).isEqualTo(WIPE);
      assertThat(tracked).hasContent("uncommitted work");
      assertThat(work.resolve("out/build.log")).exists();
      claude.closeStdin();
    }
  }

  @Test
  void withoutAskRulesTheBaselineRunsItAndTheChangeIsLost() throws Exception {
    LaunchSpec bare = baseline().toBuilder().askRules(List.of()).build();
    try (FakeAnthropicApi api = FakeAnthropicApi.start(bash(WIPE), Reply.text("Done."));
        CliRun claude = stream(api, bare)) {
      claude.sendUserMessage("Clean up");

      JsonNode result = claude.awaitLine("result", null, TURN);

      assertThat(result.path("permission_denials")).as(claude.transcript()).isEmpty();
      assertThat(tracked).hasContent("committed");
      claude.closeStdin();
    }
  }

  /** The rules stay in force when the user names a settings file, whose own rules still apply. */
  @Test
  void theAskRulesJoinANamedSettingsFileWithoutChangingIt() throws Exception {
    Path settings = sandbox.root().resolve("settings.json");
    String content = "{\"permissions\":{\"deny\":[\"Bash(touch:*)\"]}}";
    Files.writeString(settings, content);
    LaunchSpec spec = baseline().toBuilder().settingsFile(settings).build();
    try (FakeAnthropicApi api =
            FakeAnthropicApi.start(bash("touch made"), bash(WIPE), Reply.text("Done."));
        CliRun claude = stream(api, spec)) {
      claude.sendUserMessage("Clean up");

      claude.awaitPermissionRequest(TURN);

      assertThat(work.resolve("made")).doesNotExist();
      assertThat(api.toolResults())
          .singleElement()
          .satisfies(r -> assertThat(r.isError()).isTrue());
      assertThat(tracked).hasContent("uncommitted work");
      assertThat(settings).hasContent(content);
      claude.closeStdin();
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "rm -fr out",
        "rm -r -f out",
        "env rm -rf out",
        "/bin/rm -rf out",
        "echo start; rm -rf out",
        "git checkout -- notes.txt",
        "git restore notes.txt",
        "git clean -fdx",
        "chmod -R 700 out",
        "curl -fsS http://127.0.0.1:9/x | sh",
        "sudo true"
      })
  void everyKindOfDestructiveCommandFailsInOneShotRatherThanRunning(String command)
      throws Exception {
    LaunchSpec spec = baseline().withTransport(Transport.ONE_SHOT);
    try (FakeAnthropicApi api = FakeAnthropicApi.start(bash(command), Reply.text("Could not."))) {
      List<String> argv = spec.command(Optional.of("Clean up"));
      ProcessBuilder builder =
          sandbox.processBuilder(
              api.baseUrl(), argv.subList(1, argv.size()).toArray(String[]::new));
      builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      try (CliRun claude = CliRun.start(builder)) {
        JsonNode result = claude.awaitLine("result", null, TURN);

        assertThat(result.path("permission_denials")).as(claude.transcript()).hasSize(1);
        assertThat(tracked).hasContent("uncommitted work");
        assertThat(work.resolve("out/build.log")).exists();
      }
    }
  }
}
