package dev.milktui.core.grants;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DirectoryPathsTest {
  private final DirectoryPaths paths = new DirectoryPaths(Path.of("/home/dev"));

  @ParameterizedTest
  @ValueSource(strings = {"/", "/home", "/home/dev", "/home/dev/..", "/home/dev/x/../.."})
  void theRootHomeAndEveryAncestorOfHomeAreBroad(String directory) {
    assertThat(paths.isBroad(Path.of(directory))).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"/home/dev/project", "/home/other", "/srv", "/tmp/x"})
  void directoriesBesideOrBelowHomeAreNotBroad(String directory) {
    assertThat(paths.isBroad(Path.of(directory))).isFalse();
  }

  @Test
  void aLinkToAnAncestorOfHomeIsBroad(@TempDir Path temp) throws Exception {
    Path home = Files.createDirectories(temp.resolve("users/me"));
    Path link = Files.createSymbolicLink(temp.resolve("link"), temp.resolve("users"));

    assertThat(new DirectoryPaths(home).isBroad(link)).isTrue();
  }

  @Test
  void relativeAndTildeDirectoriesResolveAgainstTheBaseAndHome() {
    Path base = Path.of("/home/dev/project");

    assertThat(paths.normalise("out", base)).isEqualTo(Path.of("/home/dev/project/out"));
    assertThat(paths.normalise("../..", base)).isEqualTo(Path.of("/home"));
    assertThat(paths.normalise("~/x", base)).isEqualTo(Path.of("/home/dev/x"));
  }
}
