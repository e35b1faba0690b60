package dev.milktui.app;

import java.util.Map;

/**
 * Whether the UI uses colour. Not under NO_COLOR (set and not empty, as no-color.org says), and not
 * on a monochrome terminal type ({@code xterm-mono}, {@code vt100}…), where colour is all that
 * would set a focus or a diff sign apart and the terminal shows none of it.
 */
final class Colours {
  private Colours() {}

  static boolean wanted(Map<String, String> environment) {
    String noColor = environment.get("NO_COLOR");
    return (noColor == null || noColor.isEmpty()) && !monochrome(environment.get("TERM"));
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
