package dev.milktui.tui.app;

import dev.milktui.core.event.SessionEvent;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * The keys a Claude Code user's hands know: Esc stops a turn and Esc Esc clears a draft; Ctrl+C
 * clears a draft, else stops the turn and offers to quit; Ctrl+D on an empty box offers to quit; a
 * second quit key within {@link Ui#QUIT_WINDOW} quits; Ctrl+O shows every call in full; Ctrl+T the
 * todo list. Part of {@link Ui}: it answers with effects.
 */
final class ClaudeCodeKeys {
  static final String QUIT_OFFER = "quit";

  private final Model model;
  private final Clock clock;
  private final BooleanSupplier busy;
  private final Function<Action, String> keyName;
  private final DoublePress escapes = new DoublePress(Ui.DOUBLE_ESC_WINDOW);

  ClaudeCodeKeys(Model model, Clock clock, BooleanSupplier busy, Function<Action, String> keyName) {
    this.model = model;
    this.clock = clock;
    this.busy = busy;
    this.keyName = keyName;
  }

  /** Any key on the main screen; false when {@code action} is not one of these keys. */
  boolean key(Action action, UiEvent.MessageBox box) {
    if (action != Action.INTERRUPT) {
      escapes.reset();
    }
    boolean draft = box == UiEvent.MessageBox.DRAFT;
    switch (action) {
      case INTERRUPT -> {
        if (!escapes.press(clock.instant())) {
          interrupt();
        } else if (draft) {
          model.effect(new Effect.ClearMessage());
        }
      }
      case CANCEL -> {
        if (draft) {
          model.effect(new Effect.ClearMessage());
        } else {
          quitKey(Action.CANCEL, true);
        }
      }
      case EXIT -> {
        // On a draft, Ctrl+D is an editing key and quits nothing.
        if (box == UiEvent.MessageBox.EMPTY) {
          quitKey(Action.EXIT, false);
        }
      }
      case DETAIL_VIEW -> model.effect(new Effect.ShowDetail(model.conversation()));
      case TODOS ->
          Todos.latest(model.conversation().cells())
              .ifPresentOrElse(
                  lines -> model.effect(new Effect.ShowTodos(lines)),
                  () ->
                      model.notice(
                          SessionEvent.Level.INFO, "Claude has written no todo list yet."));
      default -> {
        return false;
      }
    }
    return true;
  }

  private void interrupt() {
    boolean running = busy.getAsBoolean();
    UiState state = model.state();
    if (!running && !state.tasks().isEmpty()) {
      model.notice(
          SessionEvent.Level.INFO,
          TaskSummary.count(state.tasks())
              + " run in the background; F6 lists them and stops one.");
    }
    if (running) {
      model.effect(new Effect.Interrupt());
      model.notice(SessionEvent.Level.WARNING, "Interrupting the turn…");
    }
  }

  /**
   * A quit key: a second press of either within the window quits; a first one offers it (and, for
   * Ctrl+C, stops a running turn).
   */
  private void quitKey(Action key, boolean interrupts) {
    Instant now = clock.instant();
    Instant since = model.state().quitOfferSince();
    if (since != null && Duration.between(since, now).compareTo(Ui.QUIT_WINDOW) <= 0) {
      model.effect(new Effect.Quit());
      return;
    }
    model.state(model.state().withQuitOffer(now));
    if (interrupts && busy.getAsBoolean()) {
      model.effect(new Effect.Interrupt());
      model.notice(SessionEvent.Level.WARNING, "Interrupting the turn…");
    }
    model.status(
        QUIT_OFFER,
        SessionEvent.Level.INFO,
        "Press " + keyName.apply(key) + " again within 2 seconds to quit.");
  }

  /** The clock's second: an offer to quit older than the window goes away. */
  void tick() {
    Instant since = model.state().quitOfferSince();
    if (since != null && Duration.between(since, clock.instant()).compareTo(Ui.QUIT_WINDOW) > 0) {
      model.state(model.state().withQuitOffer(null));
      model.dismiss(QUIT_OFFER);
    }
  }
}
