package dev.milktui.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.event.PermissionRequest;
import dev.milktui.core.event.SessionEvent;
import dev.milktui.core.grants.GrantPersister;
import dev.milktui.core.ledger.Decision;
import dev.milktui.core.ledger.LedgerFile;
import dev.milktui.core.ledger.LedgerFolder;
import dev.milktui.core.ledger.LedgerReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The ledger entry of an answer is on disk before the answer's line goes to claude. */
class DecisionLedgerOrderTest extends StandInFixture {

  /** Reads the ledger the moment a control_response is written to claude. */
  private static final class OnAnswer implements SessionRecorder {
    private final Path folder;
    final List<List<Decision.Kind>> entriesWhenAnswered = new ArrayList<>();

    OnAnswer(Path folder) {
      this.folder = folder;
    }

    @Override
    public void fromClaude(byte[] line, int offset, int length) {}

    @Override
    public synchronized void toClaude(String line) {
      if (line.contains("\"control_response\"")) {
        try {
          entriesWhenAnswered.add(
              LedgerReader.read(folder, Optional.empty(), d -> true).entries().stream()
                  .map(Decision::kind)
                  .toList());
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }

    @Override
    public void stderr(String line) {}
  }

  @Test
  void eachAnswerIsInTheLedgerOnDiskBeforeItsLineIsWrittenToClaude() throws IOException {
    Path folder = LedgerFolder.of(dir.resolve("state"));
    FakeClaude fake =
        FakeClaude.script(
            dir,
            asksToTouch()
                + "next_line; tail -n +4 '"
                + transcript("d-allow")
                + "' | grep -v control_request; next_line");
    OnAnswer recorder = new OnAnswer(folder);
    try (LedgerFile ledger = new LedgerFile(folder, Duration.ofSeconds(5))) {
      session = new ClaudeSession(fake.spec(dir), events, GrantPersister.REFUSE, recorder, ledger);
      session.send("Create a file with touch");
      PermissionRequest request = events.await(SessionEvent.PermissionRequested.class).request();
      request.allowOnce();
      events.await(SessionEvent.TurnFinished.class);
    }

    assertThat(recorder.entriesWhenAnswered)
        .containsExactly(List.of(Decision.Kind.MODE, Decision.Kind.ALLOW_ONCE));
    assertThat(fake.lastStdin().orElseThrow().get(1)).contains("control_response");
  }
}
