package dev.milktui.tui.completion;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompletionsTest {
  @TempDir Path root;

  private Completions over(String... files) throws IOException {
    for (String file : files) {
      Path path = root.resolve(file);
      Files.createDirectories(path.getParent());
      Files.writeString(path, "x");
    }
    FileIndex index = new FileIndex(root, Runnable::run, () -> {});
    index.refresh();
    return new Completions(List::of, () -> Optional.of(index));
  }

  @Test
  void aPathWithSpacesIsInsertedQuotedAsClaudeCodeReadsItOthersBare() throws IOException {
    Completions completions = over("my docs/read me.md", "src/Main.java");

    assertThat(completions.offer(Query.at("@my", 3).orElseThrow()))
        .containsExactly("@\"my docs/\"", "@\"my docs/read me.md\"");
    assertThat(completions.offer(Query.at("@\"my docs/re", 12).orElseThrow()))
        .containsExactly("@\"my docs/read me.md\"");
    assertThat(completions.offer(Query.at("@src/M", 6).orElseThrow()))
        .containsExactly("@src/Main.java");
  }
}
