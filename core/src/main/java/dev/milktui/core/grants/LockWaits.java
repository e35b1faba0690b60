package dev.milktui.core.grants;

import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Tells whoever saves settings on this thread that the save is waiting for a lock another program
 * holds (Claude's {@code settings.json.lock}), so a dialog can say "waiting for …" instead of
 * looking stuck. Scoped to the saving thread: a save on another thread is not reported.
 */
public final class LockWaits {
  private static final ThreadLocal<Consumer<Path>> LISTENER = new ThreadLocal<>();

  private LockWaits() {}

  /** Reports waits on this thread to {@code listener} until the returned scope is closed. */
  public static Scope listen(Consumer<Path> listener) {
    Consumer<Path> previous = LISTENER.get();
    LISTENER.set(listener);
    return () -> {
      if (previous == null) {
        LISTENER.remove();
      } else {
        LISTENER.set(previous);
      }
    };
  }

  /** The saving thread found {@code lock} held and waits for it. */
  static void waiting(Path lock) {
    Consumer<Path> listener = LISTENER.get();
    if (listener != null) {
      listener.accept(lock);
    }
  }

  /** Ends a {@link #listen} scope. */
  @FunctionalInterface
  public interface Scope extends AutoCloseable {
    @Override
    void close();
  }
}
