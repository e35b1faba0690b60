package dev.milktui.tui.app;

/** What a key on the main screen means, whatever key the key map binds to it. */
public enum Action {
  HELP,
  EXPORT,
  RETRY,
  TOGGLE_THINKING,
  CYCLE_MODE,
  MODE_MENU,
  RESTART_OFFER,
  TASKS,
  INTERRUPT,
  CTRL_C,
  REDRAW,
  NEXT_PANE,
  PAGE_UP,
  PAGE_DOWN,
  // Copy and search (issue 23, items 4 and 5).
  SEARCH,
  TOGGLE_MOUSE
}
