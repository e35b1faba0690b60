package dev.milktui.tui.dialog;

import dev.milktui.tui.app.Effect;
import java.util.function.Consumer;

/**
 * A dialog as the overlay stack shows it. Only the stack opens one; what the user chooses in it — a
 * command for the session, a save, a line for the transcript, a choice the reducer makes — is
 * answered as {@link Effect}s to {@code answers}, never by calling the session, a saver or the
 * transcript itself.
 */
public interface Overlay {
  /** Puts the dialog on {@code host}'s screen; what it answers goes to {@code answers}. */
  void open(DialogHost host, Consumer<Effect> answers);
}
