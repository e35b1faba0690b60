package dev.milktui.core.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.milktui.core.protocol.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The recordings {@link RecordingMaker} makes with the pinned CLI are the checked-in ones made
 * again: every scenario gives the same kinds of lines as the recording of its name, with the
 * sandbox's folders written as the README says, so {@code scripts/move-pin} can trust what it
 * records for a new version.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class RecordingMakerIT {
  @TempDir Path recordings;

  @Test
  void everyScenarioRecordedWithThePinnedCliHasTheLineKindsOfItsCheckedInRecording()
      throws IOException {
    String version = System.getProperty("milk.claudeVersion");
    Path folder = RecordingMaker.record(version, RealClaude.binary(), recordings, List.of());

    assertThat(folder).isEqualTo(recordings.resolve("claude-" + version));
    for (RecordingScenario scenario : RecordingScenario.all()) {
      String name = scenario.name();
      Path made = folder.resolve(name + ".ndjson");
      assertThat(kinds(made))
          .as("%s: the kinds of lines, against the checked-in recording", name)
          .isEqualTo(kinds(Recordings.ndjson(name)));
      assertThat(folder.resolve(name + ".stderr.txt")).exists();
      assertThat(Files.exists(folder.resolve(name + ".stdin.jsonl")))
          .as("%s: a stdin file exactly when the checked-in recording has one", name)
          .isEqualTo(!scenario.stdinClosed());
      for (String suffix : List.of(".ndjson", ".stderr.txt")) {
        assertThat(Files.readString(folder.resolve(name + suffix)))
            .as("%s%s names no folder of this machine", name, suffix)
            .doesNotContain("milk-claude-");
      }
    }
  }

  /** Each line's type, subtype and streamed event type: what a parser must know. */
  private static Set<String> kinds(Path ndjson) throws IOException {
    Set<String> kinds = new TreeSet<>();
    for (String line : Files.readAllLines(ndjson)) {
      JsonNode json;
      try {
        json = Json.mapper().readTree(line);
      } catch (IOException e) {
        throw new UncheckedIOException(ndjson + ": not JSON: " + line, e);
      }
      kinds.add(
          json.path("type").asText()
              + "/"
              + json.path("subtype").asText()
              + "/"
              + json.at("/event/type").asText());
    }
    return kinds;
  }
}
