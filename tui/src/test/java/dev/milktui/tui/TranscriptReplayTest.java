package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.protocol.LineSink;
import dev.milktui.core.protocol.MalformedLine;
import dev.milktui.core.protocol.NdjsonReader;
import dev.milktui.core.turn.TurnAccumulator;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** Real CLI transcripts, read by core's reader and accumulator, shown on the virtual screen. */
class TranscriptReplayTest {

  private static Path transcripts() {
    String root = System.getProperty("milk.projectRoot", ".");
    Path shared = Path.of(root).resolve("../shared/transcripts").normalize();
    Path fallback = Path.of("/work/shared/transcripts");
    return Files.isDirectory(shared) ? shared : fallback;
  }

  private static void replay(String name, Consumer<SessionEvent> listener) throws IOException {
    Path file = transcripts().resolve(name);
    Assumptions.assumeTrue(Files.isRegularFile(file), "transcript " + file + " not present");
    TurnAccumulator accumulator = new TurnAccumulator(listener);
    try (InputStream in = Files.newInputStream(file)) {
      new NdjsonReader(
              in,
              new LineSink() {
                @Override
                public void message(CliMessage message) {
                  accumulator.accept(message);
                }

                @Override
                public void malformed(MalformedLine line) {
                  listener.accept(new SessionEvent.Malformed(line));
                }

                @Override
                public void end(IOException failure) {}
              })
          .run();
    }
  }

  @Test
  void anAllowedBashTurnShowsItsTextToolRowAndCost() throws IOException {
    Harness h = new Harness(120, 32);
    replay("c-allowed-bash.ndjson", h.listener());
    h.pump();
    String screen = h.screen();
    assertThat(screen)
        .contains("I will run a command")
        .contains("Bash")
        .contains("✓ ok")
        .contains("idle");
    assertThat(screen).doesNotContain("$0.0000");
  }

  @Test
  void aStreamClosedTurnOpensTheGrantDialogForTheFailedBashCall() throws IOException {
    Harness h = new Harness(120, 32);
    replay("f4-ppt-sj-noanswer-close.ndjson", h.listener());
    h.pump();
    assertThat(h.screen())
        .contains("permission channel was closed")
        .contains("[ ] Bash  touch made-by-bash.txt");
    h.type(" ").key(com.googlecode.lanterna.input.KeyType.Enter);
    assertThat(h.session().decisions.get(0).rules()).containsExactly("Bash");
  }
}
