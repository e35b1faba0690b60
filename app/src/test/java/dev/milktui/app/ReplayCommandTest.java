package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.testkit.RecordOf;
import dev.milktui.core.testkit.Recordings;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayCommandTest {
  @TempDir Path dir;

  private static String golden(String name) throws IOException {
    try (InputStream in = ReplayCommandTest.class.getResourceAsStream(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void claudesSessionFileBecomesTheMarkdownTheExportWrites() throws Exception {
    ScanCommandTest.Run run =
        ScanCommandTest.run(
            "replay", "--to-markdown", Recordings.sessionFile("r1-session-file").toString());

    assertThat(run.err()).isEmpty();
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).isEqualTo(golden("replay-r1-session-file.md"));
  }

  @Test
  void claudesSessionFileOfEditsBecomesMarkdownWithEachCallsDiff() throws Exception {
    ScanCommandTest.Run run =
        ScanCommandTest.run(
            "replay", Recordings.sessionFile("r2-session-file-edits").toString(), "--to-markdown");

    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).isEqualTo(golden("replay-r2-session-file-edits.md"));
  }

  @Test
  void aRecordsMarkdownGoesToTheFileNamedReadableByTheUserOnly() throws Exception {
    Path record = RecordOf.recording("g2-resume-with-adddir", dir.resolve("record.ndjson"));
    Path out = dir.resolve("out.md");

    ScanCommandTest.Run run =
        ScanCommandTest.run("replay", record.toString(), "--to-markdown", out.toString());

    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).isEmpty();
    assertThat(Files.readString(out))
        .isEqualTo(golden("replay-g2-record.md"))
        .contains("Please retry the write.")
        .contains("```diff");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(out)))
        .isEqualTo("rw-------");
  }

  @Test
  void aFileOfNoKindIsOneLineNamingItAndExitCode1() throws Exception {
    Path empty = Files.createFile(dir.resolve("empty"));
    Path binary = Files.write(dir.resolve("binary"), new byte[] {0x7f, 'E', 'L', 'F', 0, 1});
    Path other = Files.writeString(dir.resolve("package.json"), "{\"name\":\"x\"}\n");
    Path text = Files.writeString(dir.resolve("notes.txt"), "hello\n");
    Map<Path, String> reasons =
        Map.of(
            empty,
            "is empty",
            binary,
            "is binary data, not JSON lines",
            other,
            "is JSON of another shape",
            text,
            "is not JSON lines",
            dir.resolve("missing"),
            "no such file",
            dir,
            "is a directory");

    reasons.forEach(
        (file, reason) -> {
          for (String[] args :
              new String[][] {
                {"replay", file.toString()}, {"replay", "--to-markdown", file.toString()}
              }) {
            ScanCommandTest.Run run = ScanCommandTest.run(args);
            assertThat(run.exitCode()).as(file.toString()).isEqualTo(1);
            assertThat(run.out()).isEmpty();
            assertThat(run.err().lines())
                .singleElement()
                .asString()
                .startsWith("milk-tui replay: " + file + ": " + reason);
          }
        });
  }

  @Test
  void aFileNameIsShownWithoutItsControlCharacters() {
    ScanCommandTest.Run run = ScanCommandTest.run("replay", dir.resolve("a\u001b[31mb").toString());

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).doesNotContain("\u001b").contains(": no such file");
  }

  @Test
  void aSpeedOfNothingIsAUsageError() throws Exception {
    ScanCommandTest.Run run =
        ScanCommandTest.run(
            "replay", "--speed", "0", Recordings.sessionFile("r1-session-file").toString());

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("--speed");
  }
}
