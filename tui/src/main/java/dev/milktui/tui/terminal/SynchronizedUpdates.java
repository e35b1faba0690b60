package dev.milktui.tui.terminal;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;

/**
 * Frames written as synchronized updates (DEC private mode 2026): the terminal holds what a frame
 * writes between {@link #BEGIN} and {@link #END} and shows it at once, so a half-drawn frame never
 * flickers. Used where the terminal is known to support it: asking it (DECRQM) would put its answer
 * among the keys. {@code MILK_TUI_SYNC_OUTPUT=0} turns it off, {@code =1} on for any terminal (one
 * without the mode ignores it, as terminals ignore every private mode they do not know).
 */
public final class SynchronizedUpdates {
  static final byte[] BEGIN = "\u001b[?2026h".getBytes(StandardCharsets.US_ASCII);
  static final byte[] END = "\u001b[?2026l".getBytes(StandardCharsets.US_ASCII);
  static final String VARIABLE = "MILK_TUI_SYNC_OUTPUT";

  /** TERM prefixes of terminals that implement mode 2026. */
  private static final Set<String> TERMS =
      Set.of("xterm-kitty", "foot", "alacritty", "xterm-ghostty", "contour", "wezterm", "tmux");

  /** TERM_PROGRAM values of terminals that implement mode 2026. */
  private static final Set<String> PROGRAMS = Set.of("iTerm.app", "WezTerm", "ghostty", "tmux");

  private SynchronizedUpdates() {}

  public static boolean wanted(Map<String, String> environment) {
    String forced = environment.getOrDefault(VARIABLE, "").strip();
    if (forced.equals("0") || forced.equals("1")) {
      return forced.equals("1");
    }
    String term = environment.getOrDefault("TERM", "");
    for (String known : TERMS) {
      if (term.startsWith(known)) {
        return true;
      }
    }
    return PROGRAMS.contains(environment.getOrDefault("TERM_PROGRAM", ""))
        || environment.containsKey("TMUX");
  }

  /** A terminal that can be sent bytes as they are, outside any cell. */
  public interface RawOutput {
    void writeRaw(byte[] bytes) throws java.io.IOException;
  }
}
