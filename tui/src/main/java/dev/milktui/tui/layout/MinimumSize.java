package dev.milktui.tui.layout;

import com.googlecode.lanterna.TerminalSize;

/**
 * The smallest screen milk-tui draws on. Below it the too-small notice replaces the panes, and an
 * open dialog is neither shown nor given keys, since it could not be read whole.
 */
public final class MinimumSize {
  public static final int COLUMNS = 60;
  public static final int ROWS = 16;

  private MinimumSize() {}

  public static boolean tooSmall(TerminalSize size) {
    return size.getColumns() < COLUMNS || size.getRows() < ROWS;
  }
}
