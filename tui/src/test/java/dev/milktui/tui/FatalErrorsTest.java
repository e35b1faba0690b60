package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import dev.milktui.tui.terminal.TerminalModes;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class FatalErrorsTest {
  @Test
  void anOutOfMemoryErrorOnTheGuiThreadStopsTheScreenAndEndsWithAClearMessage() {
    AtomicBoolean privateModeLeft = new AtomicBoolean();
    AtomicBoolean closed = new AtomicBoolean();
    DefaultVirtualTerminal terminal =
        new DefaultVirtualTerminal(new TerminalSize(100, 30)) {
          @Override
          public synchronized void exitPrivateMode() {
            privateModeLeft.set(true);
            super.exitPrivateMode();
          }

          @Override
          public void close() {
            closed.set(true);
            super.close();
          }
        };
    Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();

    assertThatThrownBy(
            () ->
                TerminalLauncher.runOn(
                    terminal,
                    TerminalModes.none(),
                    TuiConfig.defaults(),
                    (listener, resume) -> new FakeSession(),
                    Optional.empty(),
                    controller -> {
                      throw new OutOfMemoryError("Java heap space");
                    },
                    List.of()))
        .isInstanceOf(TerminalLauncher.UiFailedException.class)
        .hasMessageContaining("ran out of memory (Java heap space)")
        .hasMessageContaining("MILK_TUI_JAVA_OPTS");
    assertThat(privateModeLeft).isTrue();
    assertThat(closed).isTrue();
    assertThat(Thread.getDefaultUncaughtExceptionHandler()).isSameAs(before);
  }

  @Test
  void anExceptionOnAnotherThreadIsLoggedNotFatal() throws Exception {
    try (FatalErrors errors = FatalErrors.install()) {
      Thread worker =
          new Thread(
              () -> {
                throw new IllegalStateException("a bug");
              });
      worker.start();
      worker.join(TimeUnit.SECONDS.toMillis(30));

      assertThat(errors.error()).isEmpty();
    }
  }

  @Test
  void anOutOfMemoryErrorOnAnyThreadIsFatal() throws Exception {
    try (FatalErrors errors = FatalErrors.install()) {
      Thread worker =
          new Thread(
              () -> {
                throw new OutOfMemoryError("Java heap space");
              });
      worker.start();

      assertThat(errors.fatal().get(30, TimeUnit.SECONDS)).isInstanceOf(OutOfMemoryError.class);
    }
  }
}
