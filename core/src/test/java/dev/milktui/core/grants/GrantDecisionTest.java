package dev.milktui.core.grants;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class GrantDecisionTest {
  @Test
  void aDecisionGrantingNothingNeverTellsClaudeThatPermissionsWereGranted() {
    GrantDecision empty =
        new GrantDecision(List.of(), List.of(), true, GrantDecision.DEFAULT_RETRY_MESSAGE);

    assertThat(empty.retryMessage()).isEqualTo(GrantDecision.NO_GRANTS_RETRY_MESSAGE);
    assertThat(empty.retryMessage()).doesNotContain("granted");
    assertThat(GrantDecision.retryWithoutGrants().retryMessage()).doesNotContain("granted");
  }

  @Test
  void aDecisionGrantingSomethingSaysSo() {
    assertThat(new GrantDecision(List.of("Bash(make:*)"), List.of(), false, null).retryMessage())
        .isEqualTo(GrantDecision.DEFAULT_RETRY_MESSAGE);
    assertThat(new GrantDecision(List.of(), List.of(Path.of("/x")), false, "").retryMessage())
        .isEqualTo(GrantDecision.DEFAULT_RETRY_MESSAGE);
  }

  @Test
  void onlyRulesOfTheDecisionCanBeConfirmed() {
    GrantDecision d =
        new GrantDecision(List.of("Read"), List.of(), true, null, List.of("Read", "Write"), false);

    assertThat(d.confirmedRules()).containsExactly("Read");
  }
}
