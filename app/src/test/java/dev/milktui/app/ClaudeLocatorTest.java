package dev.milktui.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClaudeLocatorTest {

  @TempDir Path temp;

  private static String path(Path... directories) {
    StringBuilder value = new StringBuilder();
    for (Path directory : directories) {
      value.append(value.length() == 0 ? "" : File.pathSeparator).append(directory);
    }
    return value.toString();
  }

  @Test
  void firstExecutableClaudeOnPathWinsOverLaterOnesAndNonExecutableFiles() throws IOException {
    Path plain = Files.createDirectories(temp.resolve("plain"));
    Files.writeString(plain.resolve("claude"), "not executable");
    Path first = Scripts.executable(temp.resolve("first/claude"), "true");
    Scripts.executable(temp.resolve("second/claude"), "true");
    ClaudeLocator locator =
        new ClaudeLocator(
            path(plain, first.getParent(), temp.resolve("second")), Optional.of(temp));

    assertThat(locator.locate(Optional.empty()))
        .contains(new ClaudeLocator.Found(first, ClaudeLocator.Source.PATH));
  }

  @Test
  void projectInstallIsTheFallback() throws IOException {
    Path installed =
        Scripts.executable(temp.resolve(".claude-cli/node_modules/.bin/claude"), "true");
    ClaudeLocator locator = new ClaudeLocator(path(temp.resolve("empty")), Optional.of(temp));

    assertThat(locator.projectInstall()).contains(installed);
    assertThat(locator.locate(Optional.empty()))
        .contains(new ClaudeLocator.Found(installed, ClaudeLocator.Source.PROJECT));
  }

  @Test
  void explicitPathIsUsedAsGivenOrNotAtAll() throws IOException {
    Path onPath = Scripts.executable(temp.resolve("bin/claude"), "true");
    Path chosen = Scripts.executable(temp.resolve("chosen/claude-2"), "true");
    ClaudeLocator locator = new ClaudeLocator(path(onPath.getParent()), Optional.empty());

    assertThat(locator.locate(Optional.of(chosen)))
        .contains(new ClaudeLocator.Found(chosen, ClaudeLocator.Source.OPTION));
    assertThat(locator.locate(Optional.of(temp.resolve("missing")))).isEmpty();
  }

  @Test
  void nothingFoundWithoutPathOrProjectRoot() {
    ClaudeLocator locator = new ClaudeLocator("", Optional.empty());

    assertThat(locator.locate(Optional.empty())).isEmpty();
    assertThat(locator.projectInstall()).isEmpty();
  }

  @Test
  void environmentSuppliesPathAndMilkHome() throws IOException {
    Path installed =
        Scripts.executable(temp.resolve("root/.claude-cli/node_modules/.bin/claude"), "true");
    Environment environment =
        new Environment(
            Map.of(
                "PATH",
                temp.resolve("empty").toString(),
                "MILK_HOME",
                temp.resolve("root").toString()),
            temp);

    assertThat(ClaudeLocator.of(environment).locate(Optional.empty()))
        .map(ClaudeLocator.Found::path)
        .contains(installed);
  }
}
