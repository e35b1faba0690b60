package dev.milktui.core.session;

import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.protocol.CommandLifecycle;
import dev.milktui.core.protocol.ResultMessage;
import dev.milktui.core.protocol.SystemMessage;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which turn runs in the current process and which of the messages handed to it are still
 * unanswered. Every message carries a uuid, and the CLI reports its fate as {@code
 * command_lifecycle} lines: a message is answered only when its own lifecycle ends, never by the
 * result of another turn (one claude started by itself, or one that ran when it arrived). A process
 * that reports no lifecycle (one-shot, an older CLI) answers messages in order, one per result.
 * Owned by the session actor.
 */
final class Turns {
  private static final Set<String> TERMINAL =
      Set.of("completed", "cancelled", "discarded", "refused");

  /** Delivered and unanswered, oldest first: uuid → text. */
  private final Map<String, String> unanswered = new LinkedHashMap<>();

  /** Delivered messages claude started on, until their lifecycle ends. */
  private final Set<String> started = new HashSet<>();

  /** Started messages whose turn the host interrupted: their end comes after the result. */
  private final Set<String> interrupted = new HashSet<>();

  /**
   * Started messages whose turn reached its result: that result answered them, even when it was a
   * failure the CLI then ends as "cancelled".
   */
  private final Set<String> resulted = new HashSet<>();

  private TurnState state = new TurnState.Quiet();
  private boolean reportsLifecycle;
  private boolean messageStarted;

  /** A message went to the process. */
  void delivered(String uuid, String text) {
    unanswered.put(uuid, text);
  }

  TurnState state() {
    return state;
  }

  /** A turn runs, or a message waits for its answer. */
  boolean active() {
    return state instanceof TurnState.Running || !unanswered.isEmpty();
  }

  /** The host asked claude to interrupt the running turn. */
  void interruptSent() {
    interrupted.addAll(started);
  }

  boolean anyUnanswered() {
    return !unanswered.isEmpty();
  }

  /**
   * Every transition, by line.
   *
   * @return a message claude dropped without answering it (cancelled, discarded, refused)
   */
  Optional<Dropped> on(CliMessage message) {
    if (message instanceof CommandLifecycle lifecycle) {
      return lifecycle(lifecycle);
    }
    if (message instanceof SystemMessage.Init && state instanceof TurnState.Quiet) {
      boolean ours = messageStarted || (!reportsLifecycle && !unanswered.isEmpty());
      messageStarted = false;
      state = new TurnState.Running(!ours);
    } else if (message instanceof ResultMessage) {
      state = new TurnState.Quiet();
      resulted.addAll(started);
      if (!reportsLifecycle && !unanswered.isEmpty()) {
        Iterator<String> oldest = unanswered.keySet().iterator();
        oldest.next();
        oldest.remove();
      }
    }
    return Optional.empty();
  }

  private Optional<Dropped> lifecycle(CommandLifecycle lifecycle) {
    reportsLifecycle = true;
    String uuid = lifecycle.commandUuid();
    if (uuid == null || !unanswered.containsKey(uuid)) {
      return Optional.empty();
    }
    if ("started".equals(lifecycle.state())) {
      messageStarted = true;
      started.add(uuid);
    } else if (TERMINAL.contains(lifecycle.state())) {
      String text = unanswered.remove(uuid);
      started.remove(uuid);
      // A message the user's own interrupt cut short was answered, in part: its reply is shown;
      // one whose turn failed was answered by the failure, which is shown.
      boolean cancelled = "cancelled".equals(lifecycle.state());
      boolean cutShort = interrupted.remove(uuid) && cancelled;
      boolean failed = resulted.remove(uuid) && cancelled;
      if (!"completed".equals(lifecycle.state()) && !cutShort && !failed) {
        return Optional.of(new Dropped(text, lifecycle.state()));
      }
    }
    return Optional.empty();
  }

  /**
   * The process ended: no turn runs any more.
   *
   * @return the texts it never answered, oldest first
   */
  List<String> processEnded() {
    List<String> texts = new ArrayList<>(unanswered.values());
    unanswered.clear();
    started.clear();
    interrupted.clear();
    resulted.clear();
    state = new TurnState.Quiet();
    reportsLifecycle = false;
    messageStarted = false;
    return texts;
  }

  /** A message claude will not answer, and the lifecycle state that said so. */
  record Dropped(String text, String state) {}
}
