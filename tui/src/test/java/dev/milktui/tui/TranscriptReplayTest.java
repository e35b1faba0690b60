package dev.milktui.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.protocol.CliMessage;
import dev.milktui.core.protocol.LineSink;
import dev.milktui.core.protocol.MalformedLine;
import dev.milktui.core.protocol.NdjsonReader;
import dev.milktui.core.testkit.Recordings;
import dev.milktui.core.turn.TurnAccumulator;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** Real CLI transcripts, read by core's reader and accumulator, shown on the virtual screen. */
class TranscriptReplayTest {

  private static void replay(String name, Consumer<SessionEvent> listener) throws IOException {
    TurnAccumulator accumulator = new TurnAccumulator(listener);
    try (InputStream in = Files.newInputStream(Recordings.ndjson(name))) {
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
    replay("c-allowed-bash", h.listener());
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
    replay("f4-ppt-sj-noanswer-close", h.listener());
    h.pump();
    assertThat(h.screen())
        .contains("permission channel was closed")
        .contains("[ ] Bash  touch made-by-bash.txt");
    h.type(" ").key(com.googlecode.lanterna.input.KeyType.Enter);
    assertThat(h.session().decisions.get(0).rules()).containsExactly("Bash(touch:*)");
  }
}
