package dev.milktui.core.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.io.OwnerOnlyFiles;
import dev.milktui.core.protocol.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LedgerFileTest {
  @TempDir Path state;
  private LedgerFile ledger;

  @AfterEach
  void close() {
    if (ledger != null) {
      ledger.close();
    }
  }

  static Decision decision(String time, String session, Decision.Kind kind) {
    return new Decision(
        Instant.parse(time),
        session,
        kind,
        "Bash",
        Json.object().put("command", "ls"),
        "$ ls",
        "allowed once",
        Decision.By.YOU,
        "",
        null);
  }

  @Test
  void theFolderAndEachDaysFileAreCreatedReadableByTheOwnerOnly() throws IOException {
    ledger = new LedgerFile(LedgerFolder.of(state), Duration.ofSeconds(5));

    assertThat(ledger.record(decision("2026-12-03T10:00:00Z", "s", Decision.Kind.ALLOW_ONCE)))
        .isEmpty();
    assertThat(ledger.record(decision("2026-12-04T00:00:01Z", "s", Decision.Kind.DENY))).isEmpty();

    Path folder = LedgerFolder.of(state);
    assertThat(Files.getPosixFilePermissions(folder)).isEqualTo(OwnerOnlyFiles.DIRECTORY_MODE);
    for (String day : List.of("2026-12-03.jsonl", "2026-12-04.jsonl")) {
      assertThat(Files.getPosixFilePermissions(folder.resolve(day)))
          .isEqualTo(OwnerOnlyFiles.FILE_MODE);
      assertThat(Files.readAllLines(folder.resolve(day))).hasSize(1);
    }
  }

  @Test
  void anEntryIsOnDiskWhenRecordReturnsAndReadsBackTheSame() throws IOException {
    ledger = new LedgerFile(LedgerFolder.of(state), Duration.ofSeconds(5));
    Decision written = decision("2026-12-03T10:00:00Z", "s-1", Decision.Kind.ALLOW_ONCE);

    ledger.record(written);

    String line = Files.readString(LedgerFolder.of(state).resolve("2026-12-03.jsonl"));
    assertThat(line).endsWith("\n");
    assertThat(DecisionLine.read(line.strip())).contains(written);
  }

  @Test
  void aLineTornByACrashGetsItsLineEndSoTheNextEntryStandsAlone() throws IOException {
    Path folder = Files.createDirectories(LedgerFolder.of(state));
    Path day = folder.resolve("2026-12-03.jsonl");
    Files.writeString(day, "{\"time\":\"2026-12-03T09:00:00Z\",\"ki");
    ledger = new LedgerFile(folder, Duration.ofSeconds(5));

    ledger.record(decision("2026-12-03T10:00:00Z", "s", Decision.Kind.ALLOW_ONCE));

    LedgerReader.Reading reading = LedgerReader.read(folder, Optional.empty(), d -> true);
    assertThat(reading.entries()).hasSize(1);
    assertThat(reading.badLines()).isEqualTo(1);
  }

  @Test
  void aFailureIsToldOnceAndNeverStopsTheCaller() throws IOException {
    // The ledger's folder is a file: nothing can be created in it.
    Path notAFolder = Files.writeString(state.resolve("decisions"), "x");
    ledger = new LedgerFile(notAFolder, Duration.ofSeconds(5));

    Optional<String> first =
        ledger.record(decision("2026-12-03T10:00:00Z", "s", Decision.Kind.ALLOW_ONCE));
    Optional<String> second =
        ledger.record(decision("2026-12-03T10:00:01Z", "s", Decision.Kind.DENY));

    assertThat(first).hasValueSatisfying(text -> assertThat(text).contains("decision ledger"));
    assertThat(second).isEmpty();
  }

  @Test
  void aWriteThatHangsCostsTheCallerTheBoundOnceAndLaterEntriesDoNotWait() throws Exception {
    Path folder = Files.createDirectories(LedgerFolder.of(state));
    // Opening a FIFO for writing blocks until a reader comes: a disk that hangs.
    Path fifo = folder.resolve("2026-12-03.jsonl");
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
    assertThat(mkfifo.waitFor()).isZero();
    ledger = new LedgerFile(folder, Duration.ofMillis(300));

    long start = System.nanoTime();
    Optional<String> first =
        ledger.record(decision("2026-12-03T10:00:00Z", "s", Decision.Kind.ALLOW_ONCE));
    Optional<String> second =
        ledger.record(decision("2026-12-03T10:00:01Z", "s", Decision.Kind.DENY));
    Duration took = Duration.ofNanos(System.nanoTime() - start);

    assertThat(first).hasValueSatisfying(text -> assertThat(text).contains("took over"));
    assertThat(second).isEmpty();
    assertThat(took).isLessThan(Duration.ofSeconds(5));
    // Release the writer: a reader opens the FIFO and drains it.
    try (var in = Files.newInputStream(fifo)) {
      assertThat(new String(in.readNBytes(20), StandardCharsets.UTF_8)).startsWith("{\"time\"");
    }
  }
}
