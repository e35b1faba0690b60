package dev.milktui.tui;

import dev.milktui.tui.app.TaskSummary;
import dev.milktui.tui.app.UiState;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The message box's title: that a dialog has the keys while a draft waits, else the running tasks,
 * else the box's own keys.
 */
final class InputTitle implements Supplier<String> {
  private final Supplier<UiState> state;
  private final BooleanSupplier dialogOpen;
  private final Supplier<String> draft;
  private final BooleanSupplier busy;

  InputTitle(
      Supplier<UiState> state,
      BooleanSupplier dialogOpen,
      Supplier<String> draft,
      BooleanSupplier busy) {
    this.state = state;
    this.dialogOpen = dialogOpen;
    this.draft = draft;
    this.busy = busy;
  }

  @Override
  public String get() {
    if (dialogOpen.getAsBoolean() && !draft.get().isEmpty()) {
      return " Message · draft kept: a dialog has the keys, your text waits here";
    }
    if (!state.get().tasks().isEmpty()) {
      return " " + TaskSummary.line(state.get().tasks()) + " · F6 list, stop";
    }
    return " Message · Enter send · Ctrl+J / Alt+Enter newline · ↑↓ history"
        + (busy.getAsBoolean() ? " · a turn is running: sends queue" : "");
  }
}
