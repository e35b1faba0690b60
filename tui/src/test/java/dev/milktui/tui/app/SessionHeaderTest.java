package dev.milktui.tui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.SessionEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The line each session starts with. */
class SessionHeaderTest {
  private final SessionHeader header = new SessionHeader();

  private static SessionEvent.TurnStarted init(String claudeVersion) {
    return new SessionEvent.TurnStarted("s", "claude-test", "/p", "plan", claudeVersion, List.of());
  }

  @Test
  void theHeaderNamesBothVersionsTheFolderTheModelAndTheModeOncePerSession() {
    header.version("0.9.0");
    assertThat(header.turnStarted(1, init("2.1.332")))
        .hasValue("milk-tui 0.9.0 · claude 2.1.332 · /p · model claude-test · plan mode");
    assertThat(header.turnStarted(1, init("2.1.332"))).isEmpty();
    assertThat(header.turnStarted(2, init("2.1.332"))).isPresent();
  }

  @Test
  void theHeaderTakesTheVersionClaudeAnsweredWhenItsInitNamesNone() {
    header.claudeVersion("1.0.128");
    assertThat(header.turnStarted(1, init(null)))
        .hasValue("milk-tui · claude 1.0.128 · /p · model claude-test · plan mode");
  }

  @Test
  void milkTuisVersionIsOneLineAndAnEmptyOneIsNone() {
    header.version("1.0\n\u001b[2J");
    assertThat(header.version()).get().asString().doesNotContain("\n").doesNotContain("\u001b");
    header.version("");
    assertThat(header.version()).isEmpty();
  }
}
