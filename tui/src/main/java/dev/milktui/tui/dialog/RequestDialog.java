package dev.milktui.tui.dialog;

import com.googlecode.lanterna.gui2.BasicWindow;

/**
 * A dialog that answers one of Claude's permission requests (the permission dialog, the question
 * picker, the plan): it answers through the request's own reply handle, via the overlay stack's
 * answer, which then closes its window and shows what waits next.
 */
public interface RequestDialog extends Overlay {
  /** The dialog's window once open. */
  BasicWindow window();

  /** The request went away unanswered (withdrawn): whatever the dialog started for it stops. */
  default void withdrawn() {}
}
