package dev.milktui.tui;

import dev.milktui.tui.app.Activity;
import dev.milktui.tui.app.UiState;

/**
 * Draws the reducer's state on the status bar and the running turn's line. Called after every
 * event, streamed deltas included, so an unchanged state costs nothing.
 */
final class StateView {
  private final StatusBar status;
  private final TurnSpinner spinner;
  private UiState shown;

  StateView(StatusBar status, TurnSpinner spinner) {
    this.status = status;
    this.spinner = spinner;
  }

  void show(UiState state) {
    if (state == shown) {
      return;
    }
    UiState before = shown;
    shown = state;
    status.session(state.sessionId(), state.model());
    status.mode(state.shownMode());
    status.usage(state.tokens(), state.costUsd());
    status.context(state.contextPercent());
    status.mouseSelect(state.mouseSelect());
    boolean quiet =
        state.activity() == Activity.IDLE
            || state.activity() == Activity.STOPPED
            || state.activity() == Activity.NOT_STARTED;
    if (before != null
        && state.activity() == before.activity()
        && state.detail().equals(before.detail())
        && quiet != spinner.active()) {
      return;
    }
    status.activity(state.activity(), state.detail());
    if (quiet) {
      spinner.stopped();
    } else {
      String what =
          state.activity().label() + (state.detail().isEmpty() ? "" : " (" + state.detail() + ")");
      spinner.running(Character.toUpperCase(what.charAt(0)) + what.substring(1));
    }
  }
}
