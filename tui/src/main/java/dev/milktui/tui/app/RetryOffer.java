package dev.milktui.tui.app;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.event.TurnSummary;
import dev.milktui.tui.text.Sanitizer;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A turn that failed (not one the user interrupted) can be sent again with one key: exactly the
 * message that turn answered, in this session only. It follows which sent message each turn
 * answers: the oldest unanswered one, unless claude started the turn by itself.
 */
final class RetryOffer {
  static final String KEY = "retry";

  private final Model model;
  private final Function<Action, String> keyName;
  // Messages sent in this session and not yet answered, oldest first: a failed turn answered the
  // oldest, unless claude said which message it took.
  private final Deque<String> unanswered = new ArrayDeque<>();
  private boolean turnByClaude;

  RetryOffer(Model model, Function<Action, String> keyName) {
    this.model = model;
    this.keyName = keyName;
  }

  /** A new session, or claude exited: no sent message waits for its answer any more. */
  void forgetSent() {
    unanswered.clear();
    turnByClaude = false;
  }

  /** A session opened: an offer of the session before goes. */
  void opened() {
    forgetSent();
    model.dismiss(KEY);
  }

  void sent(String text) {
    unanswered.addLast(text);
  }

  /** A grant retry goes before anything waiting. */
  void retrySent(String text) {
    unanswered.addFirst(text);
  }

  void turnStartedByClaude() {
    turnByClaude = true;
  }

  /** The turn ended: offered again when it failed, else the offer goes. */
  void turnFinished(TurnSummary s) {
    String message = turnByClaude ? null : unanswered.pollFirst();
    turnByClaude = false;
    String retry = s.isError() && !s.interrupted() ? message : null;
    model.state(model.state().withRetry(retry));
    if (retry == null) {
      model.dismiss(KEY);
      return;
    }
    model.status(
        KEY,
        SessionEvent.Level.INFO,
        keyName.apply(Action.RETRY)
            + " or /retry sends your message again: "
            + Sanitizer.oneLine(retry));
  }

  /** The retry key: the offered message goes to {@code send}, once. */
  void retry(Consumer<String> send) {
    String again = model.state().retry();
    if (again == null) {
      return;
    }
    model.state(model.state().withRetry(null));
    model.dismiss(KEY);
    send.accept(again);
  }

  /** /retry: as the key, or says there is nothing to send again. */
  void command(Consumer<String> send) {
    if (model.state().retry() == null) {
      model.notice(SessionEvent.Level.INFO, "No failed turn to send again.");
    } else {
      retry(send);
    }
  }
}
