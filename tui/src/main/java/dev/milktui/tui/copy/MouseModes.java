package dev.milktui.tui.copy;

import dev.milktui.tui.terminal.SgrMouse;

/**
 * The terminal modes that decide who has the mouse: captured, the terminal reports the wheel and
 * clicks to milk-tui (and selecting needs a modifier, often Shift); given back, every mouse report
 * mode is off (DEC 1000, 1002, 1003 and the SGR form 1006) and the terminal selects text itself.
 */
public final class MouseModes {
  static final String RELEASE = "\u001b[?1006l\u001b[?1003l\u001b[?1002l\u001b[?1000l";

  private MouseModes() {}

  public static String sequence(boolean captured) {
    return captured ? SgrMouse.enable() : RELEASE;
  }
}
