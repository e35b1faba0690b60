package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.testkit.Recordings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code milk-tui scan --json} starts without Jackson's mapper ({@code Json.mapper()}): making it
 * was some 50 ms of a scan's start, and writing through it some 20 ms more. Only a fresh JVM shows
 * which classes a run loads.
 */
class ScanWithoutMapperTest {
  /** The mapper, its writer and their serializers (a name, or a name's nested class). */
  private static final Pattern MAPPER_CLASSES =
      Pattern.compile(
          " com\\.fasterxml\\.jackson\\.databind\\."
              + "(ObjectMapper|json\\.JsonMapper|ObjectWriter|SerializerProvider)[ $]");

  @TempDir Path temp;

  @Test
  void aJsonScanOfACallThatFailedNeverLoadsTheMapperOrItsWriter() throws Exception {
    Path classes = temp.resolve("classes.log");
    Path out = temp.resolve("out.json");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process scan =
        new ProcessBuilder(
                java,
                "-Xlog:class+load=info:file=" + classes,
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "scan",
                "--json",
                Recordings.ndjson("f1-ppt-arg-devnull").toString())
            .redirectErrorStream(true)
            .redirectOutput(out.toFile())
            .start();

    assertThat(scan.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(scan.exitValue()).as(Files.readString(out)).isZero();
    assertThat(Files.readString(out))
        .startsWith("{\"file\":")
        .contains("\"outcome\":\"stream_closed\"", "\"fix\":\"milk-tui grants allow");
    List<String> loaded = Files.readAllLines(classes);
    assertThat(loaded).anyMatch(line -> line.contains(" dev.milktui.core.scan.ScanJson "));
    assertThat(loaded.stream().filter(line -> MAPPER_CLASSES.matcher(line).find())).isEmpty();
  }
}
