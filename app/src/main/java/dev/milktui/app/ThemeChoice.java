package dev.milktui.app;

import java.util.Iterator;
import java.util.List;
import java.util.Locale;

/**
 * {@code --theme dark|light|auto} (or {@code MILK_TUI_THEME}): which palette the screen uses; auto
 * follows the terminal's background where the terminal says it ({@code COLORFGBG}).
 */
enum ThemeChoice {
  DARK,
  LIGHT,
  AUTO;

  static final String VARIABLE = "MILK_TUI_THEME";

  static ThemeChoice parse(String value) {
    return switch (value.strip().toLowerCase(Locale.ROOT)) {
      case "dark" -> DARK;
      case "light" -> LIGHT;
      case "auto" -> AUTO;
      default ->
          throw new IllegalArgumentException("expected dark, light or auto, not '" + value + "'");
    };
  }

  static final class Converter extends ParsingConverter<ThemeChoice> {
    Converter() {
      super(ThemeChoice::parse);
    }
  }

  static final class Names implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return List.of("dark", "light", "auto").iterator();
    }
  }
}
