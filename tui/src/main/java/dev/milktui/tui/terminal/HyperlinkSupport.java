package dev.milktui.tui.terminal;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Whether links are written as OSC 8 hyperlinks. Asking the terminal is not possible (no query
 * exists), and a terminal that does not know OSC 8 may show its URL as text, so the choice is
 * conservative: on only for terminals known to implement it, off inside tmux (which drops or
 * mangles it unless set up to pass it through; {@code --links osc8} says it is), and forced either
 * way by {@code --links osc8|plain} or {@code MILK_TUI_LINKS}.
 */
public final class HyperlinkSupport {
  public static final String VARIABLE = "MILK_TUI_LINKS";

  /** How links are written: as hyperlinks, as text only, or as the terminal allows. */
  public enum Mode {
    OSC8,
    PLAIN,
    AUTO;

    /** {@code osc8}, {@code plain} or {@code auto}, in any case. */
    public static Mode parse(String value) {
      String v = value.strip().toLowerCase(Locale.ROOT);
      return switch (v) {
        case "osc8" -> OSC8;
        case "plain" -> PLAIN;
        case "auto" -> AUTO;
        default ->
            throw new IllegalArgumentException(
                "links must be osc8, plain or auto, not \"" + value + "\"");
      };
    }
  }

  private static final Set<String> PROGRAMS =
      Set.of("iTerm.app", "WezTerm", "vscode", "ghostty", "Hyper", "rio");
  private static final Set<String> TERMS =
      Set.of("xterm-kitty", "foot", "xterm-ghostty", "wezterm");

  /** VTE (GNOME Terminal, Tilix…) has hyperlinks from 0.50, stated as 5000. */
  private static final int VTE_WITH_LINKS = 5000;

  private HyperlinkSupport() {}

  /** {@code flag} when given, else {@code MILK_TUI_LINKS} when valid, else auto. */
  public static Mode mode(Map<String, String> environment, Mode flag) {
    if (flag != null) {
      return flag;
    }
    String value = environment.get(VARIABLE);
    try {
      return value == null || value.isBlank() ? Mode.AUTO : Mode.parse(value);
    } catch (IllegalArgumentException e) {
      return Mode.AUTO;
    }
  }

  /** Whether to write hyperlinks under {@code mode} in this environment. */
  public static boolean enabled(Mode mode, Map<String, String> environment) {
    return switch (mode) {
      case OSC8 -> true;
      case PLAIN -> false;
      case AUTO -> known(environment);
    };
  }

  private static boolean known(Map<String, String> environment) {
    if (environment.containsKey("TMUX")
        || environment.getOrDefault("TERM", "").startsWith("screen")) {
      return false;
    }
    String term = environment.getOrDefault("TERM", "");
    for (String t : TERMS) {
      if (term.startsWith(t)) {
        return true;
      }
    }
    return PROGRAMS.contains(environment.getOrDefault("TERM_PROGRAM", ""))
        || environment.containsKey("WT_SESSION")
        || environment.containsKey("KITTY_WINDOW_ID")
        || vte(environment.get("VTE_VERSION"));
  }

  private static boolean vte(String version) {
    if (version == null || !version.strip().matches("[0-9]{1,7}")) {
      return false;
    }
    return Integer.parseInt(version.strip()) >= VTE_WITH_LINKS;
  }
}
