package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.milktui.tui.text.Palette;
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

  @Test
  void aLightBackgroundStatedInColorFgBgChoosesTheLightPalette() {
    assertThat(Colours.scheme(Map.of("TERM", "xterm", "COLORFGBG", "0;15"), null))
        .isEqualTo(Palette.Scheme.LIGHT);
    assertThat(Colours.scheme(Map.of("TERM", "xterm", "COLORFGBG", "0;default;7"), null))
        .isEqualTo(Palette.Scheme.LIGHT);
    assertThat(Colours.scheme(Map.of("TERM", "xterm", "COLORFGBG", "15;0"), null))
        .isEqualTo(Palette.Scheme.DARK);
    assertThat(Colours.scheme(Map.of("TERM", "xterm", "COLORFGBG", "7;8"), null))
        .isEqualTo(Palette.Scheme.DARK);
  }

  @Test
  void withoutABackgroundStatedTheDarkPaletteIsUsed() {
    assertThat(Colours.scheme(Map.of("TERM", "xterm"), null)).isEqualTo(Palette.Scheme.DARK);
    assertThat(Colours.scheme(Map.of("TERM", "xterm", "COLORFGBG", "garbage"), null))
        .isEqualTo(Palette.Scheme.DARK);
  }

  @Test
  void theFlagWinsOverTheVariableWhichWinsOverTheBackground() {
    Map<String, String> env =
        Map.of("TERM", "xterm", "COLORFGBG", "0;15", ThemeChoice.VARIABLE, "dark");
    assertThat(Colours.scheme(env, null)).isEqualTo(Palette.Scheme.DARK);
    assertThat(Colours.scheme(env, ThemeChoice.LIGHT)).isEqualTo(Palette.Scheme.LIGHT);
    assertThat(Colours.scheme(env, ThemeChoice.AUTO)).isEqualTo(Palette.Scheme.LIGHT);
  }

  @Test
  void a256ColourTerminalGetsThe256ColourPalette() {
    assertThat(Colours.scheme(Map.of("TERM", "xterm-256color"), null))
        .isEqualTo(Palette.Scheme.DARK_256);
    assertThat(
            Colours.scheme(Map.of("TERM", "screen", "COLORTERM", "truecolor"), ThemeChoice.LIGHT))
        .isEqualTo(Palette.Scheme.LIGHT_256);
  }

  @Test
  void noColorAndMonochromeTerminalsGetNoColoursWhateverTheTheme() {
    assertThat(Colours.scheme(Map.of("TERM", "xterm-256color", "NO_COLOR", "1"), ThemeChoice.LIGHT))
        .isEqualTo(Palette.Scheme.NONE);
    assertThat(Colours.scheme(Map.of("TERM", "xterm-mono"), ThemeChoice.DARK))
        .isEqualTo(Palette.Scheme.NONE);
  }

  @Test
  void theThemeIsReadWithoutRegardToCaseAndAWrongOneIsRefused() {
    assertThat(new ThemeChoice.Converter().convert("Light")).isEqualTo(ThemeChoice.LIGHT);
    assertThatThrownBy(() -> new ThemeChoice.Converter().convert("sepia"))
        .hasMessageContaining("dark, light or auto");
  }

  @Test
  void theTerminalIsAskedItsBackgroundOnlyWhenNothingElseChose() {
    assertThat(Colours.askBackground(Map.of("TERM", "xterm"), null)).isTrue();
    assertThat(Colours.askBackground(Map.of("TERM", "xterm"), ThemeChoice.AUTO)).isTrue();
    assertThat(Colours.askBackground(Map.of("TERM", "xterm", "COLORFGBG", "0;15"), null)).isFalse();
    assertThat(Colours.askBackground(Map.of("TERM", "xterm"), ThemeChoice.DARK)).isFalse();
    assertThat(Colours.askBackground(Map.of("TERM", "xterm", ThemeChoice.VARIABLE, "light"), null))
        .isFalse();
    assertThat(Colours.askBackground(Map.of("TERM", "xterm", "NO_COLOR", "1"), null)).isFalse();
  }
}
