package dev.milktui.core.session;

/**
 * Whether a turn runs in claude, and who started it: the second piece of the session actor's state
 * beside {@link SessionState}, owned by {@link Turns} and changed only in {@link Turns#on}.
 */
sealed interface TurnState {

  /** No turn runs (claude may still run background tasks). */
  record Quiet() implements TurnState {}

  /**
   * A turn runs, from its {@code system/init} to its {@code result}.
   *
   * @param byClaude claude started it by itself (e.g. a background agent finished); no message of
   *     ours started it, so its result answers none of them
   */
  record Running(boolean byClaude) implements TurnState {}
}
