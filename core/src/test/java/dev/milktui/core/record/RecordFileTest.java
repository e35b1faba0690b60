package dev.milktui.core.record;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.protocol.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordFileTest {
  @TempDir Path dir;

  @Test
  void recordsEveryDirectionWithTimestampsAndGivesTheCliLinesBackByteForByte() throws Exception {
    Clock clock = Clock.fixed(Instant.parse("2026-12-02T10:00:00Z"), ZoneOffset.UTC);
    Path file = dir.resolve("records/session.ndjson");
    String cli = "{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"s1\"}";
    try (RecordFile record = RecordFile.open(file, clock)) {
      record.toClaude("{\"type\":\"user\"}");
      record.fromClaude(cli);
      record.fromClaude("not json \u001b[31m");
      record.stderr("Warning: something");
    }
    List<String> lines = Files.readAllLines(file);
    assertThat(lines).hasSize(4);
    JsonNode first = Json.mapper().readTree(lines.get(0));
    assertThat(first.get("ts").asText()).isEqualTo("2026-12-02T10:00:00Z");
    assertThat(first.get("dir").asText()).isEqualTo("host");

    List<String> cliLines =
        lines.stream()
            .map(l -> readTree(l))
            .filter(RecordFile::isEntry)
            .flatMap(n -> RecordFile.cliLine(n).stream())
            .toList();
    assertThat(cliLines).containsExactly(cli, "not json \u001b[31m");
  }

  @Test
  void escapesALineStraightFromTheReadersBytesAndGivesItBackExactly() throws Exception {
    Path file = dir.resolve("s.ndjson");
    String tricky = "{\"t\":\"quote \\\" slash \\\\ tab\t nul\u0000 é ✓ 😀\"}";
    String longLine = tricky + "x".repeat(20_000) + "é".repeat(10_000);
    byte[] framed = ("junk" + longLine + "junk").getBytes(StandardCharsets.UTF_8);
    byte[] invalid = {'a', (byte) 0xff, 'b'};
    try (RecordFile record = RecordFile.open(file, Clock.systemUTC())) {
      record.fromClaude(framed, 4, framed.length - 8);
      record.fromClaude(invalid, 0, invalid.length);
    }

    List<String> cliLines =
        Files.readAllLines(file).stream()
            .map(l -> readTree(l))
            .flatMap(n -> RecordFile.cliLine(n).stream())
            .toList();
    assertThat(cliLines).containsExactly(longLine, "a\uFFFDb");
  }

  @Test
  void aNewRecordAndItsFolderAreReadableByTheOwnerOnly() throws Exception {
    Path file = dir.resolve("state/sessions/s.ndjson");
    RecordFile.open(file, Clock.systemUTC()).close();
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())))
        .isEqualTo("rwx------");
  }

  @Test
  void aPlainCliLineIsNotMistakenForARecordEntry() throws Exception {
    assertThat(RecordFile.isEntry(Json.mapper().readTree("{\"type\":\"result\",\"line\":1}")))
        .isFalse();
  }

  private static JsonNode readTree(String line) {
    try {
      return Json.mapper().readTree(line);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }
}
