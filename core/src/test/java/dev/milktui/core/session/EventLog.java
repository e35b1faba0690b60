package dev.milktui.core.session;

import static org.assertj.core.api.Assertions.fail;

import dev.milktui.core.event.SessionEvent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/** Collects a session's events and waits (bounded) for the one a test expects. */
final class EventLog implements Consumer<SessionEvent> {
  private static final Duration TIMEOUT = Duration.ofSeconds(20);
  private final List<SessionEvent> events = new ArrayList<>();

  @Override
  public synchronized void accept(SessionEvent event) {
    events.add(event);
    notifyAll();
  }

  synchronized List<SessionEvent> all() {
    return List.copyOf(events);
  }

  <T extends SessionEvent> List<T> all(Class<T> type) {
    return all().stream().filter(type::isInstance).map(type::cast).toList();
  }

  /** Waits for the {@code count}-th event of a type that matches. */
  synchronized <T extends SessionEvent> T await(Class<T> type, int count, Predicate<T> matching) {
    long deadline = System.nanoTime() + TIMEOUT.toNanos();
    while (true) {
      List<T> seen =
          events.stream().filter(type::isInstance).map(type::cast).filter(matching).toList();
      if (seen.size() >= count) {
        return seen.get(count - 1);
      }
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        fail(
            "no " + type.getSimpleName() + " #" + count + " within " + TIMEOUT + "; saw " + events);
      }
      try {
        wait(Math.max(1, left / 1_000_000));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        fail("interrupted");
      }
    }
  }

  <T extends SessionEvent> T await(Class<T> type) {
    return await(type, 1, e -> true);
  }

  <T extends SessionEvent> T await(Class<T> type, int count) {
    return await(type, count, e -> true);
  }
}
