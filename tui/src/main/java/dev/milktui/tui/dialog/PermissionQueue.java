package dev.milktui.tui.dialog;

import dev.milktui.core.event.PermissionRequest;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The permission requests of one burst: the one shown, those waiting behind it, and how many were
 * answered, so the dialog can say "Permission 2 of 5". Only the prompter changes it, on the GUI
 * thread.
 */
final class PermissionQueue {
  private final Deque<PermissionRequest> waiting = new ArrayDeque<>();
  private PermissionRequest current;
  private int answered;

  void add(PermissionRequest request) {
    waiting.addLast(request);
  }

  /** Takes {@code request} out of the waiting ones; false when it was not waiting. */
  boolean remove(PermissionRequest request) {
    return waiting.remove(request);
  }

  /** The request shown, or null. */
  PermissionRequest current() {
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
  void answered() {
    answered++;
  }

  /**
   * Shows the next request still open (one closed meanwhile is skipped); null when none waits, and
   * the count starts again with the next burst.
   */
  PermissionRequest next() {
    current = null;
    while (!waiting.isEmpty()) {
      PermissionRequest next = waiting.removeFirst();
      if (next.isOpen()) {
        current = next;
        break;
      }
    }
    if (current == null) {
      answered = 0;
    }
    return current;
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
