package dev.milktui.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.testkit.Threads;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class LinesInFlightTest {
  private final LinesInFlight lines = new LinesInFlight();
  private final AtomicBoolean counted = new AtomicBoolean();

  /** A reader that found the most lines waiting, and waits itself. */
  private Thread waitingReader() throws InterruptedException {
    for (int i = 0; i < LinesInFlight.MAX; i++) {
      assertThat(lines.enter()).isTrue();
    }
    Thread reader = Threads.started(() -> counted.set(lines.enter()));
    Threads.awaitState(reader, Thread.State.TIMED_WAITING);
    return reader;
  }

  @Test
  void theReaderWaitsOnceTheMostLinesWaitAndGoesOnWhenOneIsHandled() throws Exception {
    Thread reader = waitingReader();

    lines.leave();
    Threads.awaitEnd(reader);
    assertThat(counted).as("it holds a permit to give back").isTrue();
  }

  @Test
  void anEndedActorReleasesTheReaderAndNothingIsCountedAfter() throws Exception {
    Thread reader = waitingReader();

    lines.close();
    Threads.awaitEnd(reader);
    assertThat(lines.enter()).isFalse();
  }
}
