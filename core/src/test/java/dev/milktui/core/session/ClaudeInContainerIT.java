package dev.milktui.core.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.milktui.core.testkit.FakeAnthropicApi;
import dev.milktui.core.testkit.Reply;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.Testcontainers;
import org.testcontainers.containers.Container;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * The stream-closed scenario and its resume-with-grants fix, run by the pinned npm package inside a
 * Node container against the fake API on the host. Needs a Docker engine; skipped without one.
 */
class ClaudeInContainerIT {
  private static final String OUTSIDE = "/outside/written.txt";

  @Test
  void aWriteOutsideFailsWithStreamClosedAndSucceedsAfterResumingWithTheGrant() throws Exception {
    assumeTrue(
        dockerAvailable(),
        "No Docker engine here: the containerised run of the pinned CLI is skipped");
    String version = System.getProperty("milk.claudeVersion", "2.1.332");
    Map<String, Object> write = Map.of("file_path", OUTSIDE, "content", "hello\n");
    try (FakeAnthropicApi api =
            FakeAnthropicApi.start(
                Reply.toolUse("toolu_write_a", "Write", write),
                Reply.text("The write failed."),
                Reply.toolUse("toolu_write_b", "Write", write),
                Reply.text("The retry worked."));
        GenericContainer<?> node =
            new GenericContainer<>(DockerImageName.parse("node:20-bookworm-slim"))
                .withCommand("sleep", "infinity")
                .withStartupTimeout(Duration.ofMinutes(3))) {
      int port = URI.create(api.baseUrl()).getPort();
      Testcontainers.exposeHostPorts(port);
      node.start();
      run(
          node,
          "npm",
          "install",
          "-g",
          "--no-audit",
          "--no-fund",
          "@anthropic-ai/claude-code@" + version);
      run(node, "mkdir", "-p", "/work", "/outside", "/cfg");
      String[] env = {
        "env",
        "ANTHROPIC_BASE_URL=http://host.testcontainers.internal:" + port,
        "ANTHROPIC_API_KEY=sk-test-dummy",
        "CLAUDE_CONFIG_DIR=/cfg",
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
        "DISABLE_TELEMETRY=1",
        "DISABLE_AUTOUPDATER=1"
      };
      String failed = oneShot(node, env, "-- 'Write the file'");
      assertThat(failed).containsIgnoringCase("stream closed");
      String sessionId = failed.replaceAll("(?s).*\"session_id\":\"([0-9a-f-]{36})\".*", "$1");

      String resumed =
          oneShot(
              node,
              env,
              "--resume="
                  + sessionId
                  + " --allowedTools=Write --add-dir /outside -- 'Please retry.'");
      assertThat(resumed).contains("The retry worked.").contains(sessionId);
      assertThat(run(node, "cat", OUTSIDE)).isEqualTo("hello\n");
    }
  }

  /** The CLI with the prompt as an argument and stdin closed, as the original tool ran it. */
  private static String oneShot(GenericContainer<?> node, String[] env, String arguments)
      throws Exception {
    return run(
        node,
        concat(
            env,
            "sh",
            "-c",
            "cd /work && claude -p --output-format=stream-json --verbose"
                + " --permission-prompt-tool=stdio "
                + arguments
                + " </dev/null"));
  }

  private static boolean dockerAvailable() {
    try {
      return DockerClientFactory.instance().isDockerAvailable();
    } catch (RuntimeException e) {
      return false;
    }
  }

  private static String run(GenericContainer<?> container, String... command) throws Exception {
    Container.ExecResult result = container.execInContainer(command);
    assertThat(result.getExitCode())
        .as(String.join(" ", command) + "\n" + result.getStderr())
        .isZero();
    return result.getStdout();
  }

  private static String[] concat(String[] head, String... tail) {
    String[] all = java.util.Arrays.copyOf(head, head.length + tail.length);
    System.arraycopy(tail, 0, all, head.length, tail.length);
    return all;
  }
}
