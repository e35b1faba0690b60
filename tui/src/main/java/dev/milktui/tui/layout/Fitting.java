package dev.milktui.tui.layout;

/**
 * A component whose height depends on the width it is given (wrapped text, a row of buttons that
 * wraps), so a {@link DialogLayout} can size it for the screen it is on now.
 */
public interface Fitting {
  /** The width it would take if there were room: its widest line or all its buttons in a row. */
  int columnsWanted();

  /** The rows it needs at {@code columns} wide. */
  int rowsAt(int columns);
}
