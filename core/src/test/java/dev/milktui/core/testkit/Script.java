package dev.milktui.core.testkit;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Chooses the reply for a request from its assistant-message count and earlier attempts. */
final class Script {
  /** What the model says once the script has run out. */
  static final Reply.Message DONE = Reply.text("Done.");

  private final List<Reply> replies;
  private final Map<Integer, Integer> attemptsByPosition = new HashMap<>();

  Script(List<? extends Reply> replies) {
    this.replies = List.copyOf(replies);
  }

  /**
   * The reply for a request that already holds {@code assistantMessages} assistant messages: never
   * a {@link Reply.FailingFirst}, which is resolved by counting attempts at that position.
   */
  synchronized Reply replyFor(int assistantMessages) {
    int attempt = attemptsByPosition.merge(assistantMessages, 1, Integer::sum);
    Reply reply = assistantMessages < replies.size() ? replies.get(assistantMessages) : DONE;
    if (reply instanceof Reply.FailingFirst failing) {
      return attempt <= failing.times() ? failing.error() : failing.then();
    }
    return reply;
  }
}
