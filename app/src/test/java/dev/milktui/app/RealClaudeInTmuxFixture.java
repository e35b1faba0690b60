package dev.milktui.app;

import dev.milktui.core.testkit.ClaudeSandbox;
import dev.milktui.core.testkit.FakeAnthropicApi;
import dev.milktui.core.testkit.Reply;
import java.nio.file.Path;
import java.util.Map;
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

  /**
   * The API for a Write of {@code target} (content "granted") that fails ("The write failed."),
   * then the same Write again after a grant ("The retry worked.").
   */
  static FakeAnthropicApi writeFailsThenRetried(Path target) {
    Map<String, Object> write = Map.of("file_path", target.toString(), "content", "granted\n");
    return FakeAnthropicApi.start(
        Reply.toolUse("toolu_write_a", "Write", write),
        Reply.text("The write failed."),
        Reply.toolUse("toolu_write_b", "Write", write),
        Reply.text("The retry worked."));
  }

  /** milk-tui with {@code options}, its claude talking to {@code api}. */
  Tmux milkTuiWithBaseline(FakeAnthropicApi api, String... options) {
    return Tmux.milkTuiWithRealClaude(sandbox, api.baseUrl(), options);
  }
}
