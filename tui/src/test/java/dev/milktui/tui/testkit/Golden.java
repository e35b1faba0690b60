package dev.milktui.tui.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Golden text files under {@code src/test/resources/golden/}, compared exactly. Run the tests with
 * {@code -Dgolden.update=true} to write what they produce instead (then review the diff in git).
 */
public final class Golden {
  private static final Path ROOT = Path.of("src", "test", "resources", "golden");

  private Golden() {}

  /** Asserts that {@code actual} is the content of {@code golden/<name>}, or rewrites it. */
  public static void assertMatches(String name, String actual) {
    Path file = ROOT.resolve(name);
    try {
      if (Boolean.getBoolean("golden.update")) {
        Files.createDirectories(file.getParent());
        Files.writeString(file, actual, StandardCharsets.UTF_8);
        return;
      }
      assertThat(file)
          .as("golden file %s is missing; run with -Dgolden.update=true to write it", file)
          .exists();
      String expected = Files.readString(file, StandardCharsets.UTF_8);
      assertThat(actual)
          .as("%s differs; run with -Dgolden.update=true to rewrite it after review", file)
          .isEqualTo(expected);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
