package dev.milktui.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Restarting claude leaks nothing, even when it leaves a process holding its stdout. */
class RestartLeakTest {
  @TempDir Path dir;

  @Test
  void twentyRestartsLeaveAsManyProcessesAndThreadsAsTheFirst() {
    Restarts restarts = new Restarts(dir);
    Restarts.Counts first = restarts.restartOnce();
    Restarts.Counts last = first;
    for (int i = 2; i <= 20; i++) {
      last = restarts.restartOnce();
    }
    assertThat(restarts.runs()).isEqualTo(20);
    assertThat(first.processes()).as("processes left after the first restart").isZero();
    assertThat(last.processes()).as("processes left after 20 restarts").isZero();
    assertThat(last.sessionThreads()).isEqualTo(first.sessionThreads()).isZero();
  }
}
