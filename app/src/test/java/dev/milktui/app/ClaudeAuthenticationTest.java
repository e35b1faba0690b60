package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ClaudeAuthenticationTest {

  @Test
  void claudesNotLoggedInReplyGetsTheDoctorsWayToLogIn() {
    // What claude 2.1.332 prints as the turn's result without an API key or a login.
    assertThat(ClaudeAuthentication.loginHint("Not logged in · Please run /login"))
        .hasValueSatisfying(
            hint ->
                assertThat(hint)
                    .contains(ClaudeAuthentication.HOW_TO_LOG_IN)
                    .contains("milk-tui doctor"));
    assertThat(ClaudeAuthentication.loginHint("Invalid API key · Please run /login")).isPresent();
  }

  @Test
  void otherResultsGetNoLoginHint() {
    assertThat(ClaudeAuthentication.loginHint("Done: 3 files changed.")).isEmpty();
    assertThat(ClaudeAuthentication.loginHint("API Error: 529 overloaded")).isEmpty();
    assertThat(ClaudeAuthentication.loginHint(null)).isEmpty();
  }
}
