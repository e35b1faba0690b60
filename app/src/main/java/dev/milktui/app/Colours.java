package dev.milktui.app;

import dev.milktui.tui.text.Palette;
import java.util.Map;
import java.util.Optional;

/**
 * Which colours the UI uses. None under NO_COLOR (set and not empty, as no-color.org says) or on a
 * monochrome terminal type ({@code xterm-mono}, {@code vt100}…), where colour is all that would set
 * a focus or a diff sign apart and the terminal shows none of it. Otherwise the dark or the light
 * palette, as chosen ({@code --theme}, else {@code MILK_TUI_THEME}) or, on auto, by the background
 * the terminal states in {@code COLORFGBG}, else the one it answers to OSC 11 (asked by the
 * launcher, {@link #askBackground}); in xterm's 256 colours where TERM or COLORTERM says the
 * terminal has them.
 */
final class Colours {
  private Colours() {}

  static boolean wanted(Map<String, String> environment) {
    String noColor = environment.get("NO_COLOR");
    return (noColor == null || noColor.isEmpty()) && !monochrome(environment.get("TERM"));
  }

  /** {@code flag} wins over the variable; a variable with a wrong value is ignored (auto). */
  static Palette.Scheme scheme(Map<String, String> environment, ThemeChoice flag) {
    ThemeChoice choice = flag != null ? flag : variable(environment).orElse(ThemeChoice.AUTO);
    boolean light =
        switch (choice) {
          case DARK -> false;
          case LIGHT -> true;
          case AUTO -> lightBackground(environment.get("COLORFGBG")).orElse(false);
        };
    return Palette.Scheme.of(wanted(environment), light, manyColours(environment));
  }

  /**
   * Whether the terminal should be asked its background (OSC 11): colour is wanted and auto chose,
   * but {@code COLORFGBG} does not say.
   */
  static boolean askBackground(Map<String, String> environment, ThemeChoice flag) {
    ThemeChoice choice = flag != null ? flag : variable(environment).orElse(ThemeChoice.AUTO);
    return wanted(environment)
        && choice == ThemeChoice.AUTO
        && lightBackground(environment.get("COLORFGBG")).isEmpty();
  }

  private static Optional<ThemeChoice> variable(Map<String, String> environment) {
    String value = environment.get(ThemeChoice.VARIABLE);
    if (value == null || value.isBlank()) {
      return Optional.empty();
    }
    try {
      return Optional.of(ThemeChoice.parse(value));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /**
   * Whether {@code COLORFGBG} ("15;0", "0;default;15": foreground, background last, as ANSI colour
   * numbers) names a light background: white (7) or a bright colour but bright black (8).
   */
  static Optional<Boolean> lightBackground(String colorFgBg) {
    if (colorFgBg == null || colorFgBg.isBlank()) {
      return Optional.empty();
    }
    String background = colorFgBg.substring(colorFgBg.lastIndexOf(';') + 1).strip();
    if (!background.matches("[0-9]{1,3}")) {
      return Optional.empty();
    }
    int colour = Integer.parseInt(background);
    if (colour > 15) {
      return Optional.empty();
    }
    return Optional.of(colour == 7 || colour >= 9);
  }

  /** xterm's 256 colours: a TERM that names them, or a terminal that says it has 24-bit colour. */
  static boolean manyColours(Map<String, String> environment) {
    String term = environment.getOrDefault("TERM", "");
    String colorTerm = environment.getOrDefault("COLORTERM", "");
    return term.contains("256color")
        || term.contains("direct")
        || colorTerm.equals("truecolor")
        || colorTerm.equals("24bit");
  }

  static boolean monochrome(String term) {
    return term != null
        && (term.endsWith("-mono")
            || term.endsWith("-m")
            || term.matches("vt[0-9]+")
            || term.startsWith("vt100")
            || term.startsWith("vt220"));
  }
}
