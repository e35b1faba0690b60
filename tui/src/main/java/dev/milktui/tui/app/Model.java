package dev.milktui.tui.app;

import dev.milktui.core.conversation.Conversation;
import dev.milktui.core.event.SessionEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * What the reducer's parts share while one event is handled: the {@link UiState}, the {@link
 * Conversation} the transcript shows, and the effects answered so far. {@link Ui} owns the one
 * instance; each part ({@link ClaudeCodeKeys}, {@link ActivityLine}, {@link RetryOffer}, {@link
 * CopyAndMouse}) changes it, and tests build one to drive a part alone.
 */
final class Model {
  private final Conversation conversation;
  private UiState state = UiState.initial();
  private List<Effect> effects = new ArrayList<>();

  Model(Conversation conversation) {
    this.conversation = conversation;
  }

  Model() {
    this(new Conversation());
  }

  Conversation conversation() {
    return conversation;
  }

  UiState state() {
    return state;
  }

  void state(UiState next) {
    state = next;
  }

  void effect(Effect effect) {
    effects.add(effect);
  }

  void effects(List<Effect> more) {
    effects.addAll(more);
  }

  /** The effects answered since the last call: the event's answer. */
  List<Effect> take() {
    if (effects.isEmpty()) {
      // Most events answer nothing (every streamed delta): no new list for them.
      return List.of();
    }
    List<Effect> answered = effects;
    effects = new ArrayList<>();
    return answered;
  }

  void notice(SessionEvent.Level level, String text) {
    conversation.notice(level, text);
  }

  /** A status line kept under {@code key}, updated in place. */
  void status(String key, SessionEvent.Level level, String text) {
    conversation.status(key, level, text);
  }

  void dismiss(String key) {
    conversation.dismiss(key);
  }
}
