package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.milktui.tui.app.Attention;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NotifyChoiceTest {
  @Test
  void byDefaultTheBellAndDesktopAfterThirtySeconds() {
    assertThat(NotifyChoice.settings(Map.of(), null, null)).isEqualTo(Attention.Settings.DEFAULT);
  }

  @Test
  void theFlagsWinOverTheVariables() {
    Map<String, String> env =
        Map.of(Attention.Mode.VARIABLE, "bell", NotifyChoice.AFTER_VARIABLE, "90");
    assertThat(NotifyChoice.settings(env, null, null))
        .isEqualTo(new Attention.Settings(Attention.Mode.BELL, Duration.ofSeconds(90)));
    assertThat(NotifyChoice.settings(env, Attention.Mode.OFF, 5))
        .isEqualTo(new Attention.Settings(Attention.Mode.OFF, Duration.ofSeconds(5)));
  }

  @Test
  void wrongVariablesAreIgnoredAndAWrongFlagIsRefused() {
    Map<String, String> env =
        Map.of(Attention.Mode.VARIABLE, "loud", NotifyChoice.AFTER_VARIABLE, "-3");
    assertThat(NotifyChoice.settings(env, null, null)).isEqualTo(Attention.Settings.DEFAULT);
    assertThatThrownBy(() -> new NotifyChoice.Converter().convert("loud"))
        .hasMessageContaining("auto, bell or off");
  }
}
