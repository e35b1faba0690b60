package dev.milktui.tui.layout;

/**
 * A {@link Fitting} component that can show fewer rows than it has and scroll the rest into view; a
 * {@link DialogLayout} shrinks these first when a dialog does not fit the screen.
 */
public interface Scrolling extends Fitting {
  /** The fewest rows it can still be read and scrolled in. */
  default int minRows() {
    return 3;
  }
}
