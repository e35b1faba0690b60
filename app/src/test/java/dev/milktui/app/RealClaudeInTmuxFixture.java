package dev.milktui.app;

import dev.milktui.core.testkit.ClaudeSandbox;
import dev.milktui.core.testkit.FakeAnthropicApi;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** The built binary in tmux with the real claude in a throw-away sandbox, one per test. */
abstract class RealClaudeInTmuxFixture {
  ClaudeSandbox sandbox;

  @BeforeEach
  final void createSandbox() {
    sandbox = ClaudeSandbox.create();
  }

  @AfterEach
  final void removeSandbox() {
    sandbox.close();
  }

  /** milk-tui with {@code options}, its claude talking to {@code api}. */
  Tmux milkTuiWithBaseline(FakeAnthropicApi api, String... options) {
    return Tmux.milkTuiWithRealClaude(sandbox, api.baseUrl(), options);
  }
}
