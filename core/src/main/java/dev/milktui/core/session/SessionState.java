package dev.milktui.core.session;

/**
 * Where a {@link ClaudeSession} is: the one piece of state its actor changes, only in {@code
 * ClaudeSession.on}. At most one process exists at a time: a new one starts only from {@link Idle}.
 */
sealed interface SessionState {

  /** The process this state owns, or null. */
  default ClaudeProcess process() {
    return null;
  }

  /** Reading the launch spec's inputs (settings) off the UI thread; messages wait. */
  record Preparing() implements SessionState {}

  /** No process; the next message starts one (resuming the session when it has an id). */
  record Idle() implements SessionState {}

  /**
   * A process is ours and takes messages.
   *
   * @param channelDead its permission channel died ("Stream closed"): the next turn needs a fresh
   *     process
   * @param unknownSession claude could not resume the session: when it exits the messages go to a
   *     fresh session
   */
  record Running(ClaudeProcess process, boolean channelDead, boolean unknownSession)
      implements SessionState {
    Running(ClaudeProcess process) {
      this(process, false, false);
    }
  }

  /**
   * The process must be replaced (to apply grants, or because its permission channel died) but
   * tasks, or a turn claude started by itself, run in it and ending it would cut them: messages
   * wait; it is retired once no task runs and no turn is open, or at once when the user stops the
   * tasks.
   *
   * @param reason why it must be replaced, in words
   */
  record WaitingForTasks(ClaudeProcess process, String reason) implements SessionState {}

  /**
   * The process is being ended; messages wait and go to the next process after its exit.
   *
   * @param expected whether its exit is the normal course (a relaunch) or a failure to report
   */
  record Retiring(ClaudeProcess process, boolean expected) implements SessionState {}

  /** Closed by the user; the process (if any) is being stopped, then the actor ends. */
  record Closed(ClaudeProcess process) implements SessionState {}
}
