package dev.milktui.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.protocol.MalformedLine;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClaudeProcessTest {
  @TempDir Path dir;

  /** Holds the stderr drain on its first line until released, and records the rest. */
  private static final class SlowStderr implements ProcessListener {
    final CountDownLatch release = new CountDownLatch(1);
    final CompletableFuture<String> tail = new CompletableFuture<>();

    @Override
    public void stderrLine(String line) {
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    @Override
    public void wrote(String line) {}

    @Override
    public void inputFailed(IOException failure) {}

    @Override
    public void crashed(Throwable error) {
      tail.completeExceptionally(error);
    }

    @Override
    public void exited(int exitCode, String stderrTail) {
      tail.complete(exitCode + ":" + stderrTail);
    }

    @Override
    public void message(CliMessage message) {}

    @Override
    public void malformed(MalformedLine line) {}

    @Override
    public void end(IOException failure) {}
  }

  private ClaudeProcess start(String script, SlowStderr listener) throws IOException {
    LaunchSpec spec = LaunchSpec.defaults(Path.of("bash"), dir);
    return ClaudeProcess.start(List.of("bash", "-c", script), spec, true, p -> listener);
  }

  @Test
  void killingAProcessThatAlreadyExitedKeepsTheStderrStillToBeDrained() throws Exception {
    SlowStderr listener = new SlowStderr();
    // Less than a pipe holds: it all fits while the drain is held on the first line, so the
    // process exits with most of its stderr still unread.
    ClaudeProcess process =
        start(
            "head -c 30000 /dev/zero | tr '\\0' 'e' | fold -w 100 >&2; echo 'last words' >&2;"
                + " exit 3",
            listener);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (process.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    process.kill();
    listener.release.countDown();

    assertThat(listener.tail.get(30, TimeUnit.SECONDS)).startsWith("3:").endsWith("last words");
  }
}
