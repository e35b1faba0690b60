package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.grants.AlwaysAsk;
import dev.milktui.core.protocol.ControlRequest;
import dev.milktui.core.protocol.Json;
import dev.milktui.core.session.LaunchSpec;
import dev.milktui.core.why.Explanation;
import dev.milktui.core.why.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The "why" key's answer: the request on screen, judged by the running session's launch. */
class SessionCallExplainerTest {
  @TempDir Path temp;

  private Path work;
  private Path userSettings;
  private Environment environment;

  @BeforeEach
  void setUp() throws IOException {
    WhySandbox sandbox = WhySandbox.in(temp);
    work = sandbox.work();
    userSettings = sandbox.userSettings();
    environment = sandbox.environment();
  }

  private static PermissionRequest bash(String id, String command) {
    return new PermissionRequest(
        id,
        new ControlRequest.CanUseTool(
            "Bash",
            "Bash",
            Json.object().put("command", command),
            null,
            null,
            List.of(),
            null,
            null,
            null,
            "toolu_" + id,
            Json.object()),
        (request, line) -> true);
  }

  private LaunchSpec.Builder launch() {
    return LaunchSpec.builder(Path.of("claude"), work)
        .askRules(AlwaysAsk.DEFAULT_RULES)
        .environment(environment.variables());
  }

  private Explanation explain(LaunchSpec spec, PermissionRequest request) {
    return new SessionCallExplainer(environment, Optional.empty(), () -> Optional.of(spec))
        .explain(request);
  }

  @Test
  void eachOfTwoQueuedRequestsIsExplainedByItsOwnInputOnly() throws IOException {
    Files.writeString(userSettings, "{\"permissions\":{\"deny\":[\"Bash(git push:*)\"]}}");
    PermissionRequest first = bash("r1", "git push origin");
    PermissionRequest second = bash("r2", "echo second-request");
    LaunchSpec spec = launch().build();

    Explanation ofFirst = explain(spec, first);
    Explanation ofSecond = explain(spec, second);

    assertThat(ofFirst.verdict()).isEqualTo(Verdict.DENY);
    assertThat(ofFirst.summary())
        .startsWith("deny, because Bash(git push:*) in user settings (" + userSettings + ")");
    assertThat(ofFirst.summary() + ofFirst.notes()).doesNotContain("second-request");
    assertThat(ofSecond.verdict()).isEqualTo(Verdict.ALLOW);
  }

  @Test
  void theSessionsModeAndBaselineDecideAsTheyWereLaunched() {
    PermissionRequest touch = bash("r1", "touch a.txt");
    LaunchSpec plain = launch().baseline(false).build();
    LaunchSpec acceptEdits = launch().baseline(false).permissionMode("acceptEdits").build();

    assertThat(explain(plain, touch).summary()).startsWith("ask, because no rule: claude asks");
    assertThat(explain(acceptEdits, touch).verdict()).isEqualTo(Verdict.ALLOW);
  }

  @Test
  void aSettingsFileTheSessionWasGivenCounts() throws IOException {
    Path settings =
        Files.writeString(
            temp.resolve("extra.json"), "{\"permissions\":{\"ask\":[\"Bash(echo:*)\"]}}");

    Explanation answer = explain(launch().settingsFile(settings).build(), bash("r1", "echo hi"));

    assertThat(answer.summary()).startsWith("ask, because Bash(echo:*) in --settings");
  }

  @Test
  void beforeAnySessionRunsItSaysThereIsNone() {
    SessionCallExplainer none =
        new SessionCallExplainer(environment, Optional.empty(), Optional::empty);

    assertThatThrownBy(() -> none.explain(bash("r1", "ls")))
        .hasMessageContaining("no claude session is running");
  }
}
