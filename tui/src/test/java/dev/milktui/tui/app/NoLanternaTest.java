package dev.milktui.tui.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The UI's model stays free of the screen library, so it is tested without a terminal. */
class NoLanternaTest {
  @Test
  void noFileOfTheModelImportsLanterna() throws IOException {
    Path model = Path.of("src/main/java/dev/milktui/tui/app");
    List<Path> sources;
    try (Stream<Path> files = Files.list(model)) {
      sources = files.filter(f -> f.toString().endsWith(".java")).toList();
    }
    assertThat(sources).isNotEmpty();
    for (Path source : sources) {
      assertThat(Files.readAllLines(source))
          .as(source.toString())
          .noneMatch(line -> line.startsWith("import") && line.contains("com.googlecode.lanterna"));
    }
  }
}
