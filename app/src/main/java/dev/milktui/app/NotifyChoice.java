package dev.milktui.app;

import dev.milktui.tui.app.Attention;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * {@code --notify auto|bell|off} (or {@code MILK_TUI_NOTIFY}) and {@code --notify-after SECONDS}
 * (or {@code MILK_TUI_NOTIFY_AFTER}): how milk-tui calls the user back when a dialog waits or a
 * long turn ends. A flag wins over its variable; a variable with a wrong value is ignored.
 */
final class NotifyChoice {
  static final String AFTER_VARIABLE = "MILK_TUI_NOTIFY_AFTER";

  private NotifyChoice() {}

  static Attention.Settings settings(
      Map<String, String> environment, Attention.Mode flag, Integer afterSeconds) {
    Attention.Mode mode = flag != null ? flag : variable(environment);
    Duration after =
        afterSeconds != null
            ? Duration.ofSeconds(afterSeconds)
            : seconds(environment.get(AFTER_VARIABLE));
    return new Attention.Settings(mode, after);
  }

  private static Attention.Mode variable(Map<String, String> environment) {
    String value = environment.get(Attention.Mode.VARIABLE);
    try {
      return value == null || value.isBlank() ? Attention.Mode.AUTO : Attention.Mode.parse(value);
    } catch (IllegalArgumentException e) {
      return Attention.Mode.AUTO;
    }
  }

  private static Duration seconds(String value) {
    if (value != null && value.strip().matches("[0-9]{1,6}")) {
      return Duration.ofSeconds(Integer.parseInt(value.strip()));
    }
    return Attention.Settings.LONG_TURN;
  }

  static final class Converter extends ParsingConverter<Attention.Mode> {
    Converter() {
      super(Attention.Mode::parse);
    }
  }

  static final class Names implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return List.of("auto", "bell", "off").iterator();
    }
  }
}
