package dev.milktui.core.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.milktui.core.testkit.RecordOf;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Loading a session record to replay never builds Jackson's mapper ({@code Json.mapper()}): making
 * it was a tenth of a second of the load, both workers waiting on its class initialisation. Only a
 * fresh JVM shows which classes a load makes.
 */
class ReplayWithoutMapperTest {
  private static final Pattern MAPPER_CLASSES =
      Pattern.compile(
          " com\\.fasterxml\\.jackson\\.databind\\."
              + "(ObjectMapper|json\\.JsonMapper|ObjectWriter|SerializerProvider)[ $]");

  @TempDir Path temp;

  /** Loads the record named by the argument and prints how many items it holds. */
  public static void main(String[] args) throws Exception {
    System.out.println(ReplayFile.read(Path.of(args[0])).script().turns().get(0).items().size());
  }

  @Test
  void loadingARecordWithPromptsAnswersAndLongToolOutputNeverLoadsTheMapper() throws Exception {
    Path record =
        RecordOf.recording("p12-updated-permissions-destinations", temp.resolve("record.ndjson"));
    RecordOf.streamClosedWrites(
        temp.resolve("writes.ndjson"), 3, "x".repeat(ToolPreviews.STRING_CHARS * 2));
    Files.write(
        record, Files.readAllBytes(temp.resolve("writes.ndjson")), StandardOpenOption.APPEND);
    Path classes = temp.resolve("classes.log");
    Path out = temp.resolve("out.txt");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process load =
        new ProcessBuilder(
                List.of(
                    java,
                    "-Xlog:class+load=info:file=" + classes,
                    "-cp",
                    System.getProperty("java.class.path"),
                    ReplayWithoutMapperTest.class.getName(),
                    record.toString()))
            .redirectErrorStream(true)
            .redirectOutput(out.toFile())
            .start();

    assertThat(load.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(load.exitValue()).as(Files.readString(out)).isZero();
    assertThat(Integer.parseInt(Files.readString(out).strip())).isGreaterThan(10);
    List<String> loaded = Files.readAllLines(classes);
    assertThat(loaded)
        .anyMatch(line -> line.contains(" dev.milktui.core.replay.ToolStrings$Text "));
    assertThat(loaded.stream().filter(line -> MAPPER_CLASSES.matcher(line).find())).isEmpty();
  }
}
