package dev.milktui.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class LinesInFlightTest {
  private final LinesInFlight lines = new LinesInFlight();

  private Thread reader(AtomicBoolean counted) {
    Thread reader = new Thread(() -> counted.set(lines.enter()));
    reader.start();
    return reader;
  }

  private void fill() {
    for (int i = 0; i < LinesInFlight.MAX; i++) {
      assertThat(lines.enter()).isTrue();
    }
  }

  @Test
  void theReaderWaitsOnceTheMostLinesWaitAndGoesOnWhenOneIsHandled() throws Exception {
    fill();
    AtomicBoolean counted = new AtomicBoolean();
    Thread reader = reader(counted);
    awaitState(reader, Thread.State.TIMED_WAITING);

    lines.leave();
    reader.join(TimeUnit.SECONDS.toMillis(30));
    assertThat(reader.isAlive()).isFalse();
    assertThat(counted).as("it holds a permit to give back").isTrue();
  }

  @Test
  void anEndedActorReleasesTheReaderAndNothingIsCountedAfter() throws Exception {
    fill();
    AtomicBoolean counted = new AtomicBoolean();
    Thread reader = reader(counted);
    awaitState(reader, Thread.State.TIMED_WAITING);

    lines.close();
    reader.join(TimeUnit.SECONDS.toMillis(30));
    assertThat(reader.isAlive()).isFalse();
    assertThat(lines.enter()).isFalse();
  }

  private static void awaitState(Thread thread, Thread.State state) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (thread.getState() != state && System.nanoTime() < deadline) {
      Thread.sleep(1);
    }
    assertThat(thread.getState()).isEqualTo(state);
  }
}
