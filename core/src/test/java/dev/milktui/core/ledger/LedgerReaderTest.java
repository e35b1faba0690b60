package dev.milktui.core.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LedgerReaderTest {
  @TempDir Path folder;

  private static String line(String time, String session) {
    return DecisionLine.write(LedgerFileTest.decision(time, session, Decision.Kind.ALLOW_ONCE));
  }

  @Test
  void aTornLastLineIsSkippedAndCountedNeverFatal() throws IOException {
    Files.writeString(
        folder.resolve("2026-12-03.jsonl"),
        line("2026-12-03T10:00:00Z", "a")
            + "\n"
            + line("2026-12-03T11:00:00Z", "a").substring(0, 40));

    LedgerReader.Reading reading = LedgerReader.read(folder, Optional.empty(), d -> true);

    assertThat(reading.entries()).hasSize(1);
    assertThat(reading.tornLines()).isEqualTo(1);
    assertThat(reading.badLines()).isZero();
  }

  @Test
  void aLineTornInTheMiddleOfAFileIsSkippedAndTheEntriesAroundItAreKept() throws IOException {
    // A crash cut a write short; the next run gave the torn line its line end and went on.
    Files.writeString(
        folder.resolve("2026-12-03.jsonl"),
        line("2026-12-03T10:00:00Z", "a")
            + "\n"
            + line("2026-12-03T11:00:00Z", "a").substring(0, 40)
            + "\n"
            + line("2026-12-03T12:00:00Z", "a")
            + "\n");

    LedgerReader.Reading reading = LedgerReader.read(folder, Optional.empty(), d -> true);

    assertThat(reading.entries())
        .extracting(d -> d.time().toString())
        .containsExactly("2026-12-03T10:00:00Z", "2026-12-03T12:00:00Z");
    assertThat(reading.tornLines() + reading.badLines()).isEqualTo(1);
  }

  @Test
  void badLinesAnywhereAreSkippedAndCounted() throws IOException {
    Files.writeString(
        folder.resolve("2026-12-03.jsonl"),
        "not json\n"
            + "{\"kind\":\"allow-once\"}\n"
            + "[1]\n"
            + line("2026-12-03T10:00:00Z", "a")
            + "\n");
    Files.write(folder.resolve("2026-12-04.jsonl"), new byte[] {(byte) 0xff, '\n'});

    LedgerReader.Reading reading = LedgerReader.read(folder, Optional.empty(), d -> true);

    assertThat(reading.entries()).hasSize(1);
    assertThat(reading.badLines()).isEqualTo(4);
    assertThat(reading.tornLines()).isZero();
  }

  @Test
  void entriesComeOldestFirstFromEveryDayFromTheSinceDayOnAndOtherFilesAreIgnored()
      throws IOException {
    Files.writeString(folder.resolve("2026-12-01.jsonl"), line("2026-12-01T10:00:00Z", "a") + "\n");
    Files.writeString(
        folder.resolve("2026-12-02.jsonl"),
        line("2026-12-02T12:00:00Z", "b") + "\n" + line("2026-12-02T09:00:00Z", "a") + "\n");
    Files.writeString(folder.resolve("notes.txt"), "x\n");

    LedgerReader.Reading all = LedgerReader.read(folder, Optional.empty(), d -> true);
    LedgerReader.Reading since =
        LedgerReader.read(folder, Optional.of(Instant.parse("2026-12-02T10:00:00Z")), d -> true);
    LedgerReader.Reading sessionA =
        LedgerReader.read(folder, Optional.empty(), d -> d.sessionId().equals("a"));

    assertThat(all.entries())
        .extracting(d -> d.time().toString())
        .containsExactly("2026-12-01T10:00:00Z", "2026-12-02T09:00:00Z", "2026-12-02T12:00:00Z");
    assertThat(since.entries()).extracting(Decision::sessionId).containsExactly("b");
    assertThat(sessionA.entries()).hasSize(2);
  }

  @Test
  void aMissingFolderHasNoEntries() throws IOException {
    assertThat(LedgerReader.read(folder.resolve("none"), Optional.empty(), d -> true).entries())
        .isEmpty();
  }
}
