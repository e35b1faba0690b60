package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.testkit.Recordings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code milk-tui scan}, as text and as {@code --json}, starts without Jackson's mapper ({@code
 * Json.mapper()}): making it was some 50 ms of a scan's start, and writing through it some 20 ms
 * more. Only a fresh JVM shows which classes a run loads.
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
    String out = scanLoadingNoMapper("ScanJson", "--json");

    assertThat(out)
        .startsWith("{\"file\":")
        .contains("\"outcome\":\"stream_closed\"", "\"fix\":\"milk-tui grants allow");
  }

  @Test
  void aTextScanOfACallThatFailedNeverLoadsTheMapperOrItsWriter() throws Exception {
    String out = scanLoadingNoMapper("ScanText");

    assertThat(out).contains("milk-tui grants allow");
  }

  /** The output of {@code scan OPTIONS RECORDING} in a fresh JVM, checked to load no mapper. */
  private String scanLoadingNoMapper(String printer, String... options) throws Exception {
    Path classes = temp.resolve("classes.log");
    Path out = temp.resolve("out.txt");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command =
        new ArrayList<>(
            List.of(
                java,
                "-Xlog:class+load=info:file=" + classes,
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "scan"));
    command.addAll(List.of(options));
    command.add(Recordings.ndjson("f1-ppt-arg-devnull").toString());
    Process scan =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();

    assertThat(scan.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(scan.exitValue()).as(Files.readString(out)).isZero();
    List<String> loaded = Files.readAllLines(classes);
    assertThat(loaded).anyMatch(line -> line.contains(" dev.milktui.core.scan." + printer + " "));
    assertThat(loaded.stream().filter(line -> MAPPER_CLASSES.matcher(line).find())).isEmpty();
    return Files.readString(out);
  }
}
