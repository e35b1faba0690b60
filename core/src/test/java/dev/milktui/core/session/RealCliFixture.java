package dev.milktui.core.session;

import dev.milktui.core.grants.GrantPersister;
import dev.milktui.core.testkit.ClaudeSandbox;
import dev.milktui.core.testkit.FakeAnthropicApi;
import dev.milktui.core.testkit.RealClaude;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * What every session test against the real claude sets up: a throw-away sandbox, the fake API the
 * test starts, one session and the events it sent. Closed in that order, reversed.
 */
abstract class RealCliFixture {
  final EventLog events = new EventLog();
  ClaudeSandbox sandbox;
  FakeAnthropicApi api;
  ClaudeSession session;

  @BeforeEach
  final void createSandbox() {
    sandbox = ClaudeSandbox.create();
  }

  @AfterEach
  final void closeAll() {
    if (session != null) {
      session.close();
      afterSessionClosed();
    }
    if (api != null) {
      api.close();
    }
    sandbox.close();
  }

  /** Runs once the session was told to close, before the sandbox goes. */
  void afterSessionClosed() {}

  /** The real claude in the sandbox's working directory, talking to {@link #api}. */
  LaunchSpec.Builder launch() {
    return LaunchSpec.builder(RealClaude.binary(), sandbox.workDir())
        .environment(sandbox.environment(api.baseUrl()));
  }

  ClaudeSession open(LaunchSpec spec, GrantPersister persister) {
    session = new ClaudeSession(spec, events, persister, SessionRecorder.NONE);
    return session;
  }
}
