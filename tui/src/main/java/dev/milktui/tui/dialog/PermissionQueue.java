package dev.milktui.tui.dialog;

import dev.milktui.core.event.PermissionRequest;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The permission requests of one burst: the one shown, those waiting behind it, and how many were
 * answered, so the dialog can say "Permission 2 of 5". Only the overlay stack changes it (and the
 * dialog's deny-all), on the GUI thread.
 */
public final class PermissionQueue {
  private final Deque<PermissionRequest> waiting = new ArrayDeque<>();
  private PermissionRequest current;
  private int answered;

  public void add(PermissionRequest request) {
    waiting.addLast(request);
  }

  /** Takes {@code request} out of the waiting ones; false when it was not waiting. */
  public boolean remove(PermissionRequest request) {
    return waiting.remove(request);
  }

  /** The request shown, or null. */
  public PermissionRequest current() {
    return current;
  }

  /** Requests waiting behind the one shown. */
  int waiting() {
    return waiting.size();
  }

  /** Requests shown or waiting. */
  int pending() {
    return waiting.size() + (current == null ? 0 : 1);
  }

  /** The request shown was answered (or withdrawn): the count moves on. */
  public void answered() {
    answered++;
  }

  /**
   * Shows {@code request}, the next to wait in arrival order, when it is still waiting and open
   * (one answered, withdrawn or closed meanwhile is skipped); false when it is not shown. When
   * nothing is shown or waits, the count starts again with the next burst.
   */
  public boolean show(PermissionRequest request) {
    current = null;
    if (waiting.remove(request) && request.isOpen()) {
      current = request;
    } else if (waiting.isEmpty()) {
      answered = 0;
    }
    return current != null;
  }

  /** The request shown was closed; the count starts again when none waits. */
  public void closed() {
    current = null;
    if (waiting.isEmpty()) {
      answered = 0;
    }
  }

  /** Denies every waiting request as {@code message}; how many were still open. */
  int denyWaiting(String message) {
    int denied = 0;
    while (!waiting.isEmpty()) {
      if (waiting.removeFirst().deny(message)) {
        denied++;
      }
    }
    return denied;
  }

  /** "Permission 2 of 5: Bash". */
  String title() {
    return "Permission "
        + (answered + 1)
        + " of "
        + (answered + pending())
        + ": "
        + PermissionView.tool(current);
  }

  /** The deny-all line while others wait; empty when none does. */
  String waitingText() {
    return waiting.isEmpty() ? "" : "Shift+D denies this and the " + waiting.size() + " waiting";
  }
}
