package dev.milktui.tui.app;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.tui.copy.CopySource;

/**
 * The clipboard and the mouse: what {@code /copy} and the copy key found goes to the clipboard (or
 * why nothing did, in a notice); F8 and {@code /mouse} give the mouse to the terminal for selecting
 * text and take it back. Part of {@link Ui}: it answers with effects.
 */
final class CopyAndMouse {
  static final String MOUSE = "mouse";

  private final Model model;

  CopyAndMouse(Model model) {
    this.model = model;
  }

  void copy(CopySource.Found found) {
    if (found instanceof CopySource.Clip clip) {
      model.effect(new Effect.Copy(clip.text(), clip.what()));
    } else if (found instanceof CopySource.Nothing nothing) {
      model.notice(SessionEvent.Level.INFO, nothing.reason());
    }
  }

  /** Gives the mouse to the terminal if milk-tui has it, else takes it back. */
  void toggleMouse() {
    boolean select = !model.state().mouseSelect();
    model.state(model.state().withMouseSelect(select));
    model.effect(new Effect.CaptureMouse(!select));
    model.status(
        MOUSE,
        SessionEvent.Level.INFO,
        select
            ? "Mouse: select. The terminal has the mouse: drag to select text (the wheel no longer"
                + " scrolls the panes); F8 or /mouse takes it back."
            : "Mouse: milk-tui has it again (the wheel scrolls the panes; Shift+drag selects in"
                + " most terminals).");
  }
}
