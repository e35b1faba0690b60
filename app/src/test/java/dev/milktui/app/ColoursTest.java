package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ColoursTest {
  @Test
  void aColourTerminalGetsColour() {
    assertThat(Colours.wanted(Map.of("TERM", "xterm-256color"))).isTrue();
    assertThat(Colours.wanted(Map.of("TERM", "screen"))).isTrue();
  }

  @Test
  void noColorSetToAnythingButEmptyTurnsColourOff() {
    assertThat(Colours.wanted(Map.of("TERM", "xterm-256color", "NO_COLOR", "1"))).isFalse();
    assertThat(Colours.wanted(Map.of("TERM", "xterm-256color", "NO_COLOR", ""))).isTrue();
  }

  @Test
  void aMonochromeTerminalTypeGetsNoColour() {
    assertThat(Colours.wanted(Map.of("TERM", "xterm-mono"))).isFalse();
    assertThat(Colours.wanted(Map.of("TERM", "vt100"))).isFalse();
    assertThat(Colours.wanted(Map.of("TERM", "vt220"))).isFalse();
  }
}
