package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.tui.app.Action;
import dev.milktui.tui.keys.KeyChord;
import dev.milktui.tui.keys.KeyMap;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The first screen's and the status bar's key hints name the keys in force, not the defaults. */
class FirstScreenKeysTest {

  private static Harness withKeys(Map<Action, List<KeyChord>> chosen) {
    return new Harness(
        80,
        24,
        TuiConfig.defaults()
            .withDialogInputPause(Duration.ZERO)
            .withKeys(new KeyMap().withKeys(chosen)));
  }

  private static KeyChord chord(String name) {
    return KeyChord.parse(name).orElseThrow();
  }

  @Test
  void theDefaultKeysAreNamed() {
    Harness h = withKeys(Map.of());

    assertThat(h.screen()).contains(" F1       shows every key").contains(" Ctrl+C   twice quits");
  }

  @Test
  void reboundHelpAndCancelKeysAreNamedAsTheKeysFileBindsThem() {
    Harness h =
        withKeys(
            Map.of(Action.CANCEL, List.of(chord("Ctrl+Q")), Action.HELP, List.of(chord("F9"))));

    assertThat(h.screen())
        .contains(" F9       shows every key")
        .contains(" Ctrl+Q   twice quits")
        .doesNotContain("Ctrl+C   twice quits")
        .doesNotContain("F1       shows")
        .contains("F9 help")
        .doesNotContain("F1 help");
  }
}
