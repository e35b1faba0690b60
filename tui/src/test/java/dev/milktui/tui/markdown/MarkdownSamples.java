package dev.milktui.tui.markdown;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The Markdown documents in {@code src/test/resources/markdown}, shared by the tests. */
final class MarkdownSamples {
  static final List<String> NAMES = List.of("answer", "wide-table", "unicode");

  private MarkdownSamples() {}

  static String read(String name) {
    try (InputStream in = MarkdownSamples.class.getResourceAsStream("/markdown/" + name + ".md")) {
      if (in == null) {
        throw new IllegalArgumentException("no sample " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
