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
  REDRAW,
  NEXT_PANE,
  PAGE_UP,
  PAGE_DOWN,
  DECISIONS,
  // Claude Code's keys (issue 23): Ctrl+C clears a draft before it stops or quits, Ctrl+D quits
  // from an empty box, Ctrl+R searches the message history, Ctrl+O opens the detail view, Ctrl+T
  // lists the todos.
  CANCEL,
  EXIT,
  HISTORY_SEARCH,
  DETAIL_VIEW,
  TODOS,
  // Copy and search (issue 23, items 4 and 5).
  SEARCH,
  TOGGLE_MOUSE
}
