package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.WorkspaceTrust;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "Trust this workspace" writes Claude's {@code .claude.json} under Claude's own lock, on a worker:
 * while Claude holds {@code .claude.json.lock} the screen still answers keys, and once the lock is
 * free the trust is written and the same session is offered a relaunch.
 */
class TrustOffScreenTest {
  @TempDir Path dir;
  private Path claudeJson;
  private Path lock;
  private final CountDownLatch writing = new CountDownLatch(1);
  private final CountDownLatch written = new CountDownLatch(1);

  @BeforeEach
  void claudeHoldsItsLock() throws IOException {
    claudeJson = dir.resolve(".claude.json");
    Files.writeString(claudeJson, "{}\n");
    lock = Files.createDirectory(dir.resolve(".claude.json.lock"));
    Files.createDirectory(dir.resolve("project"));
  }

  private Harness harness() {
    Harness h = new Harness(120, 32);
    h.truster =
        workspace -> {
          writing.countDown();
          try {
            WorkspaceTrust trust = new WorkspaceTrust(claudeJson);
            trust.trust(workspace);
            return trust.file();
          } finally {
            written.countDown();
          }
        };
    return h;
  }

  @Test
  void theScreenAnswersKeysWhileTheTrustWaitsForClaudesLock() throws Exception {
    Harness h = harness();
    h.untrusted(dir.resolve("project"));
    h.type("T");
    assertThat(writing.await(30, TimeUnit.SECONDS)).as("the write began").isTrue();

    h.type("typed while trusting");

    assertThat(h.screen()).contains("typed while trusting");
    assertThat(written.getCount()).as("the write still waits for Claude's lock").isEqualTo(1);
    assertThat(Files.readString(claudeJson)).doesNotContain("hasTrustDialogAccepted");

    Files.delete(lock);
    assertThat(written.await(30, TimeUnit.SECONDS)).isTrue();
    h.awaitScreen("Workspace trusted");
    assertThat(Files.readString(claudeJson)).contains("hasTrustDialogAccepted");
    assertThat(h.screen()).contains("Trusted ").contains("project rules apply");
  }

  @Test
  void afterTrustingTheSameSessionIsRelaunchedSoTheProjectRulesApplyNow() throws Exception {
    Files.delete(lock);
    Harness h = harness();
    h.events(
        new SessionEvent.TurnStarted(
            "s-1", "claude-opus-5-5", dir.toString(), "default", "2.1.332", List.of()));
    h.untrusted(dir.resolve("project"));
    h.type("T");
    h.awaitScreen("Workspace trusted");

    h.type("r");

    assertThat(h.opened).last().isEqualTo(Optional.of("s-1"));
    assertThat(h.sessions).hasSize(2);
    assertThat(h.sessions.get(0).closed).isTrue();
  }
}
